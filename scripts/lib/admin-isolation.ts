// Which built files belong to the admin console only, and which files a page can load: the budget test checks
// that no marketing page ever loads (or preloads) the console's code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pageScripts, pageStylesheets } from "./page-weight.ts";

/** The part of React Router's route manifest the check needs. */
interface RouteManifestEntry {
  id: string;
  parentId?: string;
  module: string;
  clientLoaderModule?: string;
  imports?: string[];
  css?: string[];
}

interface RouteManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, RouteManifestEntry>;
}

const manifestPrefix = "window.__reactRouterManifest=";

/** React Router's client manifest (assets/manifest-*.js): every route's module, imports and CSS. */
export function readRouteManifest(clientDir: string): { file: string; manifest: RouteManifest } {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, name), "utf8");
  if (!text.startsWith(manifestPrefix)) throw new Error(`${name} is not a route manifest`);
  const json = text.slice(manifestPrefix.length).replace(/;\s*$/, "");
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as RouteManifest };
}

function filesOf(route: RouteManifestEntry): string[] {
  return [
    route.module,
    ...(route.clientLoaderModule ? [route.clientLoaderModule] : []),
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
}

/**
 * True for the console's routes: "admin" and every route below it, and the console's pages outside its frame (ids
 * starting "admin-", such as the one-time link's page).
 */
function isConsoleRoute(routes: Record<string, RouteManifestEntry>, id: string): boolean {
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.id === "admin" || route.id.startsWith("admin-")) return true;
  }
  return false;
}

/** Files (URL paths) that only the console's routes use: anything a marketing page loads from here is a leak. */
export function adminOnlyFiles(clientDir: string): Set<string> {
  const { manifest } = readRouteManifest(clientDir);
  const admin = new Set<string>();
  const shared = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    const target = isConsoleRoute(manifest.routes, route.id) ? admin : shared;
    for (const file of filesOf(route)) target.add(file);
  }
  for (const file of shared) admin.delete(file);
  return admin;
}

/** Files a chunk refers to: static and dynamic imports and Vite's preload lists, as /assets/… paths. */
function referencedAssets(code: string): string[] {
  return [...code.matchAll(/(?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))/g)].map(
    (match) => `/assets/${match[1]}`,
  );
}

/**
 * Every script and stylesheet a page can load: what its HTML names, then everything those chunks import, now or
 * later (dynamic imports: a form's code loaded on first use). The route manifest's list of other routes' modules
 * is not followed: the router loads those only when it navigates to them.
 */
export function filesLoadedBy(clientDir: string, html: string): Set<string> {
  const { file: manifestFile } = readRouteManifest(clientDir);
  const loaded = new Set<string>();
  const queue = [...pageScripts(html), ...pageStylesheets(html)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (loaded.has(file)) continue;
    loaded.add(file);
    if (file === manifestFile || !file.endsWith(".js")) continue;
    queue.push(...referencedAssets(readFileSync(join(clientDir, file), "utf8")));
  }
  return loaded;
}
