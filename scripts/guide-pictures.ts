// `npm run guide-pictures`: photographs the site's own venue demo (organizer view and public view) in Debian's
// Chromium into the guides' picture folder, as the originals the build converts (ADR 44). Serves build/ (run
// `npm run build` first) with the real server on a throwaway database, like `npm run screenshots`.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { picturesDirectory } from "../app/content/picture-folders.ts";
import { venueDemoCopy } from "../app/content/venue-demo.ts";
import { chromiumLaunchOptions } from "../playwright.config.ts";
import { buildApp } from "../server/app.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { parseEnv } from "../server/env.ts";

const root = join(import.meta.dirname, "..");
const buildDir = join(root, "build");
if (!existsSync(join(buildDir, "site-manifest.json")))
  throw new Error("No build to photograph: run `npm run build` first");

/** Each picture: the guide it belongs to, its file name there, and the demo's view to show. */
const shots = [
  { guide: "laying-out-a-venue-map", file: "cover.png", view: venueDemoCopy.modes.organizer },
  { guide: "laying-out-a-venue-map", file: "public-view.png", view: venueDemoCopy.modes.public },
] as const;

const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-guide-pictures-"));
const database = await openDatabase({ dataDir });
await migrateToLatest(database);
const app = await buildApp({ env: parseEnv({ RATE_LIMIT: "off" }), database, buildDir });
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  // Twice the pixels of a 1280 px wide window: the build makes the smaller widths from it.
  const page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 2,
  });
  await page.goto(`${origin}/features/interactive-venue-mapping`, { waitUntil: "load" });
  const demo = page.locator('#try-it [data-island="venue-demo"]');
  await demo.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  for (const shot of shots) {
    await demo.getByText(shot.view, { exact: true }).click();
    const folder = join(root, picturesDirectory, "guides", shot.guide);
    await mkdir(folder, { recursive: true });
    await demo.screenshot({ path: join(folder, shot.file), animations: "disabled" });
    console.log(`guide-pictures: ${join(folder, shot.file)}`);
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
