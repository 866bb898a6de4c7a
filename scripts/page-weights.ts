// `npm run size`: what each built page costs a visitor, brotli-compressed, against the budgets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SiteManifest } from "../server/site/manifest.ts";
import { budgets } from "./lib/budgets.ts";
import { pageWeight } from "./lib/page-weight.ts";

const buildDir = join(import.meta.dirname, "..", "build");
const manifest = JSON.parse(
  readFileSync(join(buildDir, "site-manifest.json"), "utf8"),
) as SiteManifest;

console.log(
  "page".padEnd(44),
  "HTML br".padStart(8),
  "CSS br".padStart(8),
  "JS br".padStart(8),
  "JS used".padStart(8),
  "fonts+img".padStart(10),
  "total".padStart(8),
);
for (const page of [...manifest.pages, manifest.notFound]) {
  const w = pageWeight(buildDir, page.file);
  console.log(
    page.path.padEnd(44),
    String(w.htmlBrotli).padStart(8),
    String(w.cssBrotli).padStart(8),
    String(w.jsBrotli).padStart(8),
    String(w.jsAfterInteractionBrotli).padStart(8),
    String(w.mediaBytes).padStart(10),
    String(w.totalBytes).padStart(8),
  );
}
console.log(
  `JS used: after the page's own islands have loaded (each with React). Budgets (bytes, brotli): HTML ${budgets.htmlBrotliPerPage}, CSS ${budgets.cssBrotliPerPage}, JS ${budgets.jsBrotliPerPage}, JS used ${budgets.jsAfterInteractionBrotliPerPage}, total (with fonts and images) ${budgets.totalPerPage}`,
);
