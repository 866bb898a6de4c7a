// Builds the two controls the page benchmark measures beside our pages: the no-JavaScript limit and the old SPA.
import { spawnSync } from "node:child_process";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import {
  attribute,
  elements,
  inlineScriptHashes,
  parseHtml,
  removeElement,
  scripts,
  serializeHtml,
} from "../scripts/lib/html.ts";
import { precompress } from "../scripts/postbuild.ts";
import type { SiteManifest } from "../server/site/manifest.ts";
import { clientDirName, siteManifestFile } from "../server/site/manifest.ts";

export const projectDir = join(import.meta.dirname, "..");

async function writeWithCompressed(file: string, content: string): Promise<void> {
  const data = Buffer.from(content);
  await writeFile(file, data);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
}

/** The page without any JavaScript: every <script> but JSON-LD, and every modulepreload hint, removed. */
export function stripScripts(html: string): string {
  const doc = parseHtml(html);
  for (const script of scripts(doc)) {
    if (attribute(script, "type") !== "application/ld+json") removeElement(script);
  }
  for (const element of [...elements(doc)]) {
    if (element.tagName === "link" && attribute(element, "rel") === "modulepreload")
      removeElement(element);
  }
  return serializeHtml(doc);
}

/** build/ copied to `dir`, with each page's HTML stripped of scripts; same CSS, same server. */
export async function buildLimitVariant(buildDir: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(join(buildDir, clientDirName), join(dir, clientDirName), { recursive: true });
  const manifest = JSON.parse(
    await readFile(join(buildDir, siteManifestFile), "utf8"),
  ) as SiteManifest;
  for (const page of [...manifest.pages, manifest.notFound]) {
    const file = join(dir, clientDirName, page.file);
    await writeWithCompressed(file, stripScripts(await readFile(file, "utf8")));
    page.scriptHashes = [];
  }
  await writeFile(join(dir, siteManifestFile), JSON.stringify(manifest));
}

/**
 * The same app built the old way, with its own config (bench/spa/): React Router SPA mode, one empty-shell
 * index.html for every path.
 */
export async function buildSpaVariant(buildDir: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const result = spawnSync("npx", ["react-router", "build", join("bench", "spa")], {
    cwd: projectDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, SPA_BUILD_DIR: dir },
  });
  if (result.status !== 0) throw new Error("SPA build failed");
  // React Router 8's SPA build under this config writes a shell whose scripts and route manifest are the
  // production build's client chunks (build/client), not the ones it emitted beside it: the shell is served with
  // those, which are this app's client code, every route included. Without them the page stays blank.
  await cp(join(buildDir, clientDirName, "assets"), join(dir, clientDirName, "assets"), {
    recursive: true,
    force: false,
  });
  const manifest = JSON.parse(
    await readFile(join(buildDir, siteManifestFile), "utf8"),
  ) as SiteManifest;
  const indexFile = join(dir, clientDirName, "index.html");
  const html = await readFile(indexFile, "utf8");
  await precompress(join(dir, clientDirName));
  const scriptHashes = inlineScriptHashes(html);
  const spaManifest: SiteManifest = {
    builtAt: new Date().toISOString(),
    pages: manifest.pages.map((page) => ({ path: page.path, file: "index.html", scriptHashes })),
    notFound: { path: "/404", file: "index.html", scriptHashes },
  };
  await writeFile(join(dir, siteManifestFile), JSON.stringify(spaManifest));
}
