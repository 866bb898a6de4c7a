// After `react-router build` and the site script's build: pages pointed at the site script, 404 page, admin
// console page, sitemap and robots, each page's critical CSS inlined (ADR 45), CSP script and style hashes,
// precompressed files.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import Beasties from "beasties";
import { parseBuildEnv } from "../app/config/build-env.ts";
import { notFoundPrerenderPath, paths, siteRoutes } from "../app/config/paths.ts";
import { guideCentrePage, guideSummaries } from "../app/content/store.ts";
import { siteScriptAttribute, siteScriptSrc } from "../app/lib/site-script.ts";
import { brandName } from "../contracts/brand.ts";
import {
  adminConsoleFile,
  clientDirName,
  type PageEntry,
  type SiteManifest,
  siteManifestFile,
} from "../server/site/manifest.ts";
import { siteScriptEntry, siteScriptManifest } from "../vite.site-script.config.ts";
import { guidesFeedXml } from "./lib/guides-feed.ts";
import {
  attribute,
  elements,
  inlineScriptHashes,
  inlineStyleHashes,
  insertAfter,
  parseHtml,
  scripts,
  serializeHtml,
  setAttribute,
} from "./lib/html.ts";
import { type SiteScriptManifest, siteScriptManifestFile } from "./lib/page-weight.ts";

const buildDir = join(import.meta.dirname, "..", "build");
const clientDir = join(buildDir, clientDirName);
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function htmlFileFor(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** The bundled site script's URL, from the manifest of its build (vite.site-script.config.ts). */
async function builtSiteScript(): Promise<string> {
  // Build metadata, never served: kept beside the site manifest for the page weights.
  const file = join(buildDir, siteScriptManifestFile);
  await rename(join(clientDir, siteScriptManifest), file);
  await rm(join(clientDir, ".vite"), { recursive: true, force: true });
  const manifest = JSON.parse(await readFile(file, "utf8")) as SiteScriptManifest;
  const entry = manifest[siteScriptEntry];
  if (!entry?.isEntry) throw new Error(`${siteScriptManifest} has no entry ${siteScriptEntry}`);
  return `/${entry.file}`;
}

/** Points the page's site-script loader at the bundled file. */
export function pointAtSiteScript(html: string, builtSrc: string): string {
  const doc = parseHtml(html);
  const loaders = scripts(doc).filter(
    (script) => attribute(script, siteScriptAttribute) === siteScriptSrc,
  );
  if (loaders.length !== 1) throw new Error(`expected one loader of ${siteScriptSrc}`);
  for (const script of loaders) setAttribute(script, siteScriptAttribute, builtSrc);
  return serializeHtml(doc);
}

/**
 * The CSS a page's own markup uses, written into its <head> (ADR 45): the first paint waits for no stylesheet.
 * The whole stylesheet follows without blocking (media="print" until a one-line script, allowed by its hash,
 * restores it; a <noscript> link without JavaScript), for the states scripts bring (menus, islands).
 */
const beasties = new Beasties({
  path: clientDir,
  publicPath: "/",
  preload: "media-script",
  noscriptFallback: true,
  // The shared stylesheet stays whole: every page and the cache use the same file.
  pruneSource: false,
  // The font's @font-face comes inline; the page already preloads the file (site-layout.tsx).
  inlineFonts: true,
  preloadFonts: false,
  // Tailwind's child spacing and dividers (`:where(.divide-y>:not(:last-child))`) are selectors Beasties cannot
  // match against the page, so it would leave them out and the page would move when the stylesheet arrives.
  allowRules: [/^:where\(\.(?:space|divide)-/],
  logLevel: "warn",
});

/** Compressions of finished pages, under way while the next pages are finished (the thread pool's cores). */
const pageCompressions = new Map<string, Promise<void>>();

/**
 * Points the page at the site script, inlines its critical CSS, starts compressing it, then hashes its inline
 * scripts and style for its CSP.
 */
async function finishPage(path: string, file: string, builtSrc: string): Promise<PageEntry> {
  const full = join(clientDir, file);
  // Beasties first: parse5 then writes the page as every other build step does (attribute styles included).
  const html = pointAtSiteScript(await beasties.process(await readFile(full, "utf8")), builtSrc);
  await writeFile(full, html);
  pageCompressions.set(full, compressFile(full));
  return {
    path,
    file,
    scriptHashes: inlineScriptHashes(html),
    styleHashes: inlineStyleHashes(html),
  };
}

async function moveNotFoundPage(): Promise<void> {
  const from = join(clientDir, htmlFileFor(notFoundPrerenderPath));
  await rename(from, join(clientDir, "404.html"));
  await rm(join(clientDir, notFoundPrerenderPath.slice(1)), { recursive: true, force: true });
}

/**
 * React Router's SPA fallback becomes the admin console's page, answered only for /admin paths (every other path
 * is prerendered, or the 404 page). Search engines are told to keep out before any script runs (the server also
 * sends X-Robots-Tag). Its scripts are left as React Router wrote them: the console needs them at once.
 */
export function adminConsoleHtml(fallbackHtml: string): string {
  const doc = parseHtml(fallbackHtml);
  const charset = [...elements(doc)].find(
    (element) => element.tagName === "meta" && attribute(element, "charset") !== undefined,
  );
  if (!charset)
    throw new Error("the SPA fallback has no <meta charset> to put the robots tag after");
  insertAfter(charset, "meta", { name: "robots", content: "noindex, nofollow" });
  return serializeHtml(doc);
}

async function makeAdminConsolePage(): Promise<PageEntry> {
  const fallback = join(clientDir, "__spa-fallback.html");
  const html = adminConsoleHtml(await readFile(fallback, "utf8"));
  await writeFile(join(clientDir, adminConsoleFile), html);
  await rm(fallback);
  return { path: "/admin", file: adminConsoleFile, scriptHashes: inlineScriptHashes(html) };
}

function sitemapXml(siteUrl: string): string {
  const urls = siteRoutes
    .filter((r) => r.indexable)
    .map((r) => `  <url><loc>${siteUrl}${r.path === "/" ? "/" : r.path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The guides' Atom feed: every published guide, as /guides lists them. */
function guidesFeed(siteUrl: string): string {
  return guidesFeedXml(guideSummaries, {
    name: brandName,
    url: siteUrl,
    title: guideCentrePage.feedTitle,
    description: guideCentrePage.subline,
    feedPath: paths.guidesFeed,
    guidesPath: paths.guides,
    guidePath: paths.guide,
  });
}

function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /functions/\nDisallow: /admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes a .br and a .gz beside the file. */
async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/** Writes a .br and a .gz beside every compressible file under `dir`, except those in `done`. */
export async function precompress(
  dir: string,
  done: ReadonlySet<string> = new Set(),
): Promise<{ files: number }> {
  let files = 0;
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!compressible.test(file) || done.has(file)) continue;
    files++;
    jobs.push(compressFile(file));
  }
  await Promise.all(jobs);
  return { files: files + done.size };
}

async function main(): Promise<void> {
  const env = parseBuildEnv(process.env);
  await stat(clientDir);
  await moveNotFoundPage();
  await mkdir(clientDir, { recursive: true });
  await writeFile(join(clientDir, "sitemap.xml"), sitemapXml(env.SITE_URL));
  await writeFile(join(clientDir, "robots.txt"), robotsTxt(env.SITE_URL));
  await writeFile(join(clientDir, paths.guidesFeed.slice(1)), guidesFeed(env.SITE_URL));

  const siteScript = await builtSiteScript();
  const manifest: SiteManifest = {
    builtAt: new Date().toISOString(),
    pages: await Promise.all(
      siteRoutes.map((r) => finishPage(r.path, htmlFileFor(r.path), siteScript)),
    ),
    notFound: await finishPage("/404", "404.html", siteScript),
    adminConsole: await makeAdminConsolePage(),
  };
  await writeFile(join(buildDir, siteManifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  await Promise.all(pageCompressions.values());
  const { files } = await precompress(clientDir, new Set(pageCompressions.keys()));
  console.log(
    `postbuild: ${manifest.pages.length} pages + 404 + admin console, sitemap.xml, robots.txt, ${files} files precompressed (br, gz) in ${relative(process.cwd(), clientDir)}`,
  );
}

if (import.meta.main) await main();
