// Bytes a page costs a visitor, read from the build output: its HTML, CSS and JavaScript, compressed.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface PageWeight {
  htmlBrotli: number;
  cssBrotli: number;
  jsBrotli: number;
  jsFiles: string[];
  cssFiles: string[];
}

const brotliSize = (clientDir: string, url: string) => statSync(join(clientDir, `${url}.br`)).size;

/** JavaScript the page loads: external scripts, module hints (static or deferred), and module imports. */
export function pageScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    urls.add(m[1] as string);
  for (const m of html.matchAll(/const hints=(\[[^\]]*\])/g)) {
    for (const url of JSON.parse(m[1] as string) as string[]) urls.add(url);
  }
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1] as string);
  return [...urls].filter((url) => url.startsWith("/"));
}

export function pageStylesheets(html: string): string[] {
  return [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
}

export function pageWeight(clientDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(join(clientDir, htmlFile), "utf8");
  const jsFiles = pageScripts(html);
  const cssFiles = pageStylesheets(html);
  const sum = (files: string[]) =>
    files.reduce((total, url) => total + brotliSize(clientDir, url), 0);
  return {
    htmlBrotli: statSync(join(clientDir, `${htmlFile}.br`)).size,
    cssBrotli: sum(cssFiles),
    jsBrotli: sum(jsFiles),
    jsFiles,
    cssFiles,
  };
}
