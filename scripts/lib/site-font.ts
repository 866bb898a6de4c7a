// The site's web font cut down at build to the characters its pages can show (ADR 45): Inter's Latin file from
// Fontsource, kept to the glyphs of the site's own text and to the weights its styles use.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { extname, join } from "node:path";
import subsetFont from "subset-font";

const root = join(import.meta.dirname, "..", "..");
const require = createRequire(import.meta.url);

/** The file the stylesheet and the preload name; the build is pointed at its subset instead (vite.config.ts). */
export const siteFontSource = "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/** Where the text of the pages lives: copy, components, the contact form's messages, the server's page edits. */
const textFolders = ["app", "contracts", join("server", "site"), "content"];
const textFiles = new Set([".ts", ".tsx", ".md", ".mdoc", ".mdx", ".yaml", ".yml", ".json"]);

/**
 * Beside every printable ASCII character: spaces and punctuation that formatting (Intl's times and numbers) or a
 * visitor's typing put on a page without them being in our sources.
 */
const alwaysKept =
  " \u00a0\u2009\u202f\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022\u00b7\u00d7\u2192";

/** The weights the site's styles ask for (400 text to 800 extrabold): the font's wght axis is cut to them. */
export const siteFontWeights = { min: 400, max: 800 } as const;

async function* sourceFiles(folder: string): AsyncGenerator<string> {
  if (!existsSync(folder)) return;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (textFiles.has(extname(entry.name)) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** Every character the site's sources hold, with printable ASCII and `alwaysKept`, sorted. */
export async function siteCharacters(): Promise<string> {
  const characters = new Set<string>(alwaysKept);
  for (let code = 0x20; code < 0x7f; code++) characters.add(String.fromCharCode(code));
  for (const folder of textFolders) {
    for await (const file of sourceFiles(join(root, folder))) {
      for (const character of await readFile(file, "utf8")) characters.add(character);
    }
  }
  // Controls and line ends draw nothing.
  return [...characters]
    .filter((c) => (c.codePointAt(0) ?? 0) >= 0x20)
    .sort()
    .join("");
}

/**
 * Writes the subset (once per set of characters: its name carries their hash) and returns its path. Vite then
 * fingerprints it like any asset, so a new character set is a new URL and never a stale cached font.
 */
export async function siteFontSubset(): Promise<string> {
  const text = await siteCharacters();
  const source = await readFile(require.resolve(siteFontSource));
  const key = createHash("sha256")
    .update(text)
    .update(source)
    .update(JSON.stringify(siteFontWeights))
    .digest("hex")
    .slice(0, 12);
  const folder = join(root, "node_modules", ".cache", "site-font");
  const file = join(folder, `inter-site-${key}.woff2`);
  if (existsSync(file)) return file;
  const subset = await subsetFont(source, text, {
    targetFormat: "woff2",
    variationAxes: { wght: siteFontWeights },
  });
  await mkdir(folder, { recursive: true });
  await writeFile(file, subset);
  return file;
}
