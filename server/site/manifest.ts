// Shape of build/site-manifest.json: what the build produced and what the server needs to serve it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export interface PageEntry {
  /** Public path, e.g. "/pricing". */
  path: string;
  /** HTML file relative to the client build directory. */
  file: string;
  /** sha256 sources ('sha256-…') of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  /** sha256 sources of the page's inline <style> (its critical CSS, ADR 45); none in older builds. */
  styleHashes?: string[];
}

export interface SiteManifest {
  builtAt: string;
  pages: PageEntry[];
  notFound: PageEntry;
  /** The admin console's page (React Router's SPA fallback), served for /admin and every path below it. */
  adminConsole?: PageEntry;
}

export const siteManifestFile = "site-manifest.json";
export const clientDirName = "client";
/** The admin console's HTML in the client build (never reachable by this name: pages are served by route). */
export const adminConsoleFile = "admin-console.html";

export async function readSiteManifest(buildDir: string): Promise<SiteManifest> {
  const file = join(buildDir, siteManifestFile);
  try {
    return JSON.parse(await readFile(file, "utf8")) as SiteManifest;
  } catch (error) {
    throw new Error(`No site build at ${file}: run \`npm run build\` first`, { cause: error });
  }
}
