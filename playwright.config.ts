// Playwright: the built site, served by the real server, in Debian's Chromium and Firefox at desktop and phone widths.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { parseBuildEnv } from "./app/config/build-env.ts";
import { e2eAdmin } from "./tests/e2e/admin-account.ts";
import type { FirefoxOptions } from "./tests/e2e/firefox/fixtures.ts";

// Specs import the site's config modules, which Vite would otherwise fill in at build time.
(globalThis as { __BUILD_ENV__?: unknown }).__BUILD_ENV__ = parseBuildEnv(process.env);

const port = Number(process.env.E2E_PORT ?? 4173);
// One data folder for the server and every worker (workers inherit the runner's environment). The runner's own
// folder goes when the run passes, and stays with the server's log when it fails.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), "boothpilot-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.on("exit", (code) => {
    if (code === 0) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`The server's database and log of this run are in ${dataDir}`);
  });
}
export const baseURL = `http://127.0.0.1:${port}`;

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };
// A regular expression, not a glob: a glob also matches the folders above the repository (one may be "firefox").
const firefoxSpecs = /tests\/e2e\/firefox\/.*\.spec\.ts$/;
// What the phone width changes: layout, menus, touch, pictures, axe on the phone's markup. The other specs
// read the build, the server's answers or text without JavaScript, which are the same at every width, so
// the phone project does not run them a second time (about 7 minutes of a CI run).
const phoneSpecs =
  /tests\/e2e\/(accessibility|brand|contact-form|fee-calculator|layout|navigation|product-pictures|venue-demo)\.spec\.ts$/;

export default defineConfig<FirefoxOptions>({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    trace: "off",
  },
  projects: [
    { name: "desktop", testIgnore: firefoxSpecs, use: { viewport: desktop } },
    {
      name: "mobile",
      testMatch: phoneSpecs,
      grepInvert: /@same-at-every-width/,
      use: { viewport: phone, hasTouch: true },
    },
    // Debian's firefox-esr over WebDriver BiDi, through puppeteer-core: Playwright's own BiDi channel
    // sends commands this Firefox does not know (ADR 0025). The specs use the `ff` fixture, never `page`.
    // A minute a test: each drives the browser from outside by many protocol round trips.
    {
      name: "firefox-desktop",
      testMatch: firefoxSpecs,
      timeout: 60_000,
      use: { viewport: desktop },
    },
    {
      name: "firefox-mobile",
      testMatch: firefoxSpecs,
      timeout: 60_000,
      use: { viewport: phone, hasTouch: true, firefoxTouch: true },
    },
  ],
  // The server's log of the whole run, checked after it for what a log must never hold.
  globalTeardown: "./tests/e2e/log-hygiene.teardown.ts",
  webServer: {
    command: `node server/main.ts > "${join(process.env.E2E_DATA_DIR, "server.log")}"`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "info",
      RATE_LIMIT: "off",
      // Reports are at most one interval behind (ADR 49): tests open the console right after a visit.
      ROLLUP_INTERVAL_MS: "200",
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    },
  },
});
