// Serves the prerendered site: clean URLs, precompressed files, cache headers, per-page CSP, the 404 page.
import { basename, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ContactPageOutcome } from "../site/contact-page.ts";
import {
  adminConsoleFile,
  clientDirName,
  type PageEntry,
  readSiteManifest,
} from "../site/manifest.ts";
import { consolePageHelmet, pageHelmet, staticAssetPrefix } from "./helmet.ts";

export interface SitePluginOptions {
  /** The build directory holding client/ and site-manifest.json. */
  buildDir: string;
  /** Origins other than this one that pages may call (server functions hosted elsewhere). */
  connectSrc?: readonly string[];
  /** Serve the admin console's page at /admin and below (the admin API is served beside it). */
  adminConsole?: boolean;
}

const immutableAssets = "public, max-age=31536000, immutable";
const htmlCache = "public, max-age=300, must-revalidate";
const otherFilesCache = "public, max-age=3600";

/** The admin console's screens (app/routes.ts): the server answers these with the console's page. */
export const adminConsolePaths = [
  "/admin",
  "/admin/analytics",
  "/admin/messages/:id",
  "/admin/team",
  "/admin/account",
  "/admin/join",
];
/** The console's page changes with every deploy and leads to private data: never kept. */
const consoleCache = "no-store";

const isConsoleFile = (filePath: string) =>
  basename(filePath).replace(/\.(br|gz)$/, "") === adminConsoleFile;

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !request.url.startsWith("/functions/")
  );
}

async function site(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  const manifest = await readSiteManifest(options.buildDir);
  const root = join(options.buildDir, clientDirName);
  const connectSrc = options.connectSrc ?? [];
  const pagesByPath = new Map(manifest.pages.map((page) => [page.path, page]));

  const files = {
    preCompressed: true,
    // A file or folder whose name starts with a dot (.env, .git) is never served.
    dotfiles: "deny",
    index: false,
    redirect: false,
    cacheControl: false,
  } as const;
  await app.register(fastifyStatic, {
    ...files,
    root,
    // Pages are reached only by their clean URL (the page routes below), never as /x/index.html
    // or a compressed sibling through the catch-all file route.
    allowedPath: (pathname, _root, request) =>
      request.routeOptions.url !== "/*" || !/\.(html|br|gz)$/.test(pathname),
    setHeaders(reply, filePath) {
      reply.header(
        "cache-control",
        isConsoleFile(filePath)
          ? consoleCache
          : /\.html(\.br|\.gz)?$/.test(filePath)
            ? htmlCache
            : otherFilesCache,
      );
    },
  });
  // Scripts and stylesheets (hashed names): helmet leaves them alone; they carry what a subresource needs.
  await app.register(fastifyStatic, {
    ...files,
    root: join(root, staticAssetPrefix),
    prefix: staticAssetPrefix,
    decorateReply: false,
    setHeaders(reply) {
      reply.header("cache-control", immutableAssets);
      reply.header("x-content-type-options", "nosniff");
      reply.header("cross-origin-resource-policy", "same-origin");
    },
  });

  const sendPage = (reply: FastifyReply, page: PageEntry, status = 200) =>
    reply.code(status).sendFile(`/${page.file}`);

  // The contact page shows the outcome of a no-JavaScript post (?sent, ?failed, ?form=token): the
  // prerendered HTML with the outcome filled in, never cached. The kept post of ?form is in the database.
  const contactPage = app.contactPage;
  const afterPost = async (
    query: Record<string, string | undefined>,
  ): Promise<ContactPageOutcome | undefined> => {
    if (query.sent === "1") return { sent: true };
    if (query.failed === "1") return { failed: true };
    if (!query.form || !app.hasDecorator("repositories")) return undefined;
    const flash = await app.repositories.formFlashes.take(query.form);
    return flash ? { flash } : undefined;
  };

  for (const page of manifest.pages) {
    const isContact = contactPage !== null && page.path === contactPage.page.path;
    app.get(
      page.path,
      { helmet: pageHelmet(page.scriptHashes, connectSrc, page.styleHashes) },
      async (request, reply) => {
        if (!isContact || contactPage === null) return sendPage(reply, page);
        const outcome = await afterPost(request.query as Record<string, string>);
        // Each render carries its own signed time (ADR 34): the page is never cached.
        const formToken = app.hasDecorator("leads") ? await app.leads.issueFormToken() : undefined;
        if (outcome === undefined && formToken === undefined) return sendPage(reply, page);
        return contactPage.send(reply, outcome ?? null, { connectSrc, formToken });
      },
    );
  }

  // The admin console: one client-rendered page for its paths (its router shows the right screen); any other
  // path under /admin is the 404 page. Never cached, never indexed; its CSP allows its own inline scripts only.
  const consolePage = options.adminConsole ? manifest.adminConsole : undefined;
  const consolePaths = consolePage ? adminConsolePaths : [];
  if (consolePage) {
    for (const path of consolePaths) {
      app.get(path, { helmet: consolePageHelmet(consolePage.scriptHashes) }, (_request, reply) =>
        reply.header("x-robots-tag", "noindex, nofollow").sendFile(`/${consolePage.file}`),
      );
    }
  }

  // "/pricing/" is the same page as "/pricing": one canonical URL, reached by a permanent redirect.
  app.addHook("onRequest", async (request, reply) => {
    const [pathname = "/", query] = request.url.split("?");
    if (pathname.length < 2 || !pathname.endsWith("/")) return;
    const withoutSlash = pathname.replace(/\/+$/, "");
    if (pagesByPath.has(withoutSlash) || consolePaths.includes(withoutSlash)) {
      return reply.redirect(query ? `${withoutSlash}?${query}` : withoutSlash, 301);
    }
  });

  app.setNotFoundHandler((request, reply) => {
    if (!wantsHtml(request)) {
      return reply.code(404).send({ success: false, error: "Not found" });
    }
    reply.helmet(
      pageHelmet(manifest.notFound.scriptHashes, connectSrc, manifest.notFound.styleHashes),
    );
    return sendPage(reply, manifest.notFound, 404);
  });
}

export default fp(site, { name: "site", fastify: "5.x", dependencies: ["security-headers"] });
