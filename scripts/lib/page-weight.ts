// Bytes a page costs a visitor, read from the build output: its HTML, CSS and JavaScript, compressed; the
// JavaScript at load and after the first interaction with the page's islands; its fonts and images; the total.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { islandAttribute } from "../../app/islands/markup.ts";
import { siteScriptAttribute } from "../../app/lib/site-script.ts";
import { attribute, elements, parseHtml } from "./html.ts";

export interface PageWeight {
  htmlBrotli: number;
  cssBrotli: number;
  /** JavaScript the page loads by itself. */
  jsBrotli: number;
  /** JavaScript loaded once the visitor has used every island on the page (React included). */
  jsAfterInteractionBrotli: number;
  /** Fonts the page preloads and images it names, as served (compressed where the build compressed them). */
  mediaBytes: number;
  /** Everything the page loads by itself: HTML, CSS, JavaScript at load, fonts and images. */
  totalBytes: number;
  jsFiles: string[];
  cssFiles: string[];
}

/** Vite's manifest of the site script's build (vite.site-script.config.ts), kept in build/ by the postbuild. */
export const siteScriptManifestFile = "site-script-manifest.json";
export type SiteScriptManifest = Record<
  string,
  { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

const brotliSize = (clientDir: string, url: string) => statSync(join(clientDir, `${url}.br`)).size;

/** A file as the server sends it to a browser that accepts brotli: the .br beside it, or the file itself. */
const servedSize = (clientDir: string, url: string) => {
  const file = join(clientDir, url);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
};

interface PageFiles {
  scripts: string[];
  stylesheets: string[];
  /** Preloaded fonts and the page's own images loaded with it (site paths only, lazy ones left out). */
  media: string[];
  /** The names of the page's islands (data-island). */
  islands: string[];
}

function filesOf(html: string): PageFiles {
  const files: PageFiles = { scripts: [], stylesheets: [], media: [], islands: [] };
  for (const element of elements(parseHtml(html))) {
    // The site script is loaded by an inline loader that names it (app/lib/site-script.ts).
    const src = attribute(element, "src") ?? attribute(element, siteScriptAttribute);
    const rel = attribute(element, "rel");
    const href = attribute(element, "href");
    if (element.tagName === "script" && src) files.scripts.push(src);
    if (element.tagName === "link" && href && rel === "modulepreload") files.scripts.push(href);
    if (element.tagName === "link" && href && rel === "stylesheet") files.stylesheets.push(href);
    if (
      element.tagName === "link" &&
      href &&
      rel === "preload" &&
      attribute(element, "as") === "font"
    )
      files.media.push(href);
    // A lazy image loads when the reader scrolls near it, not with the page (ADR 44). An eager one counts by its
    // src: for a content picture the 960 px WebP, larger than the AVIF a current browser takes instead.
    if (
      element.tagName === "img" &&
      src?.startsWith("/") &&
      attribute(element, "loading") !== "lazy"
    )
      files.media.push(src);
    const island = attribute(element, islandAttribute);
    if (island !== undefined) files.islands.push(island);
  }
  return files;
}

/** The chunks a script loads with it (static imports), and with its dynamic imports when `dynamic`. */
function closure(manifest: SiteScriptManifest, urls: string[], dynamic: boolean): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const chunk = manifest[byFile.get(url) ?? ""];
    if (!chunk) return;
    for (const key of [
      ...(chunk.imports ?? []),
      ...(dynamic ? (chunk.dynamicImports ?? []) : []),
    ]) {
      const next = manifest[key];
      if (next) visit(`/${next.file}`);
    }
  };
  for (const url of urls) visit(url);
  return [...seen];
}

export function readSiteScriptManifest(buildDir: string): SiteScriptManifest {
  return JSON.parse(
    readFileSync(join(buildDir, siteScriptManifestFile), "utf8"),
  ) as SiteScriptManifest;
}

export function pageWeight(buildDir: string, htmlFile: string): PageWeight {
  const clientDir = join(buildDir, "client");
  const manifest = readSiteScriptManifest(buildDir);
  const files = filesOf(readFileSync(join(clientDir, htmlFile), "utf8"));
  const atLoad = closure(manifest, files.scripts, false);
  // Each island's module is app/components/…/<name>-island.tsx (app/islands/registry.ts): only the page's own
  // islands count, each with what it imports (React included).
  const islandEntries = files.islands.map((name) => {
    const entry = Object.values(manifest).find((chunk) =>
      chunk.src?.endsWith(`/${name}-island.tsx`),
    );
    if (!entry) throw new Error(`no chunk for the island "${name}" in ${siteScriptManifestFile}`);
    return `/${entry.file}`;
  });
  const afterInteraction = [...new Set([...atLoad, ...closure(manifest, islandEntries, false)])];
  const sum = (urls: string[]) =>
    urls.reduce((total, url) => total + brotliSize(clientDir, url), 0);
  const htmlBrotli = statSync(join(clientDir, `${htmlFile}.br`)).size;
  const cssBrotli = sum(files.stylesheets);
  const jsBrotli = sum(atLoad);
  const mediaBytes = [...new Set(files.media)].reduce(
    (total, url) => total + servedSize(clientDir, url),
    0,
  );
  return {
    htmlBrotli,
    cssBrotli,
    jsBrotli,
    jsAfterInteractionBrotli: sum(afterInteraction),
    mediaBytes,
    totalBytes: htmlBrotli + cssBrotli + jsBrotli + mediaBytes,
    jsFiles: afterInteraction,
    cssFiles: files.stylesheets,
  };
}

/** Scripts and stylesheets a page names in its HTML (the starting points of what it loads). */
export function pageScripts(html: string): string[] {
  return filesOf(html).scripts;
}

export function pageStylesheets(html: string): string[] {
  return filesOf(html).stylesheets;
}
