// A site build on disk as `npm run build` lays it out (pages, 404, console page, an asset), for server tests that
// serve pages without running the real build.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { adminConsoleFile, clientDirName, type SiteManifest } from "../site/manifest.ts";

export interface SiteBuild {
  dir: string;
  remove(): Promise<void>;
}

/** Writes `files` (paths under client/) and a manifest listing `pages` (path → file) beside a 404 and the console. */
export async function writeSiteBuild(
  files: Record<string, string>,
  pages: SiteManifest["pages"],
): Promise<SiteBuild> {
  const dir = await mkdtemp(join(tmpdir(), "boothpilot-site-"));
  const all: Record<string, string> = {
    "404.html": "<!DOCTYPE html><title>Not found</title>",
    [adminConsoleFile]: "<!DOCTYPE html><title>Console</title>",
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    const file = join(dir, clientDirName, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  const manifest: SiteManifest = {
    builtAt: new Date(0).toISOString(),
    pages,
    notFound: { path: "/404", file: "404.html", scriptHashes: [] },
    adminConsole: { path: "/admin", file: adminConsoleFile, scriptHashes: ["'sha256-console'"] },
  };
  await writeFile(join(dir, "site-manifest.json"), JSON.stringify(manifest));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
