// `npm run screenshots`: a full-page PNG of every route and the 404 page at 1280 and 375 px, for reviewing a design
// change, into screenshots/ (ignored by git), and the pictures of the README and the console guide into
// docs/images/. Serves build/ (run `npm run build` first) with the real server on a throwaway database, in
// Debian's Chromium.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { siteRoutes } from "../app/config/paths.ts";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { buildApp } from "../server/app.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { parseEnv } from "../server/env.ts";
import { setUpAdminAccount } from "../server/plugins/admin-auth.ts";
import { pictureAdmin, writeDocImages } from "./lib/doc-images.ts";

const root = join(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    out: { type: "string", default: join(root, "screenshots") },
    routes: { type: "string" },
    images: { type: "string", default: join(root, "docs", "images") },
  },
});
const widths = [1280, 375] as const;
const paths = args.routes
  ? args.routes.split(",")
  : [...siteRoutes.map((route) => route.path), "/this-page-does-not-exist"];

const buildDir = join(root, "build");
if (!existsSync(join(buildDir, "site-manifest.json")))
  throw new Error("No build to photograph: run `npm run build` first");

/** "/" → "home", "/event-types/art-fairs" → "event-types-art-fairs". */
const fileName = (path: string) => (path === "/" ? "home" : path.slice(1).replaceAll("/", "-"));

const started = performance.now();
// The console needs a database; a throwaway one keeps the pictures the same from run to run.
const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-screenshots-"));
const database = await openDatabase({ dataDir });
await migrateToLatest(database);
const env = parseEnv({ RATE_LIMIT: "off", ...pictureAdmin });
const app = await buildApp({ env, database, buildDir });
await setUpAdminAccount(app, env);
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  await writeDocImages(browser, app, origin, args.images);
  await rm(args.out, { recursive: true, force: true });
  for (const width of widths) {
    const dir = join(args.out, String(width));
    await mkdir(dir, { recursive: true });
    const page = await browser.newPage({ viewport: { width, height: width > 600 ? 800 : 740 } });
    for (const path of paths) {
      await page.goto(`${origin}${path}`, { waitUntil: "load" });
      // The font and every island the page shows, as a visitor would see them.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await page.screenshot({ path: join(dir, `${fileName(path)}.png`), fullPage: true });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(
  `screenshots: ${paths.length} pages at ${widths.join(" and ")} px in ${args.out}, pictures for the documents in ${args.images} (${Math.round((performance.now() - started) / 1000)} s)`,
);
