// Firefox fixtures: Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core (ADR 0025), in the Playwright runner.
import { test as base, expect } from "@playwright/test";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

export interface FirefoxOptions {
  /** The mobile project's: touch events on, as on a phone. */
  firefoxTouch: boolean;
}

interface Watched {
  page: Page;
  /** Console errors the test expects (the 404 page's log line): removed from the failure check. */
  allow(pattern: RegExp): void;
}

/** One Firefox per worker and per setting: with JavaScript, and the same without (a preference, not an emulation). */
async function launch(prefs: Record<string, unknown>): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    headless: true,
    extraPrefsFirefox: prefs,
  });
}

/** A fresh context per test, at the project's viewport, failing the test on a console error it did not expect. */
async function watchedPage(
  browser: Browser,
  viewport: { width: number; height: number },
  touch: boolean,
  use: (watched: Watched) => Promise<void>,
): Promise<void> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ ...viewport, hasTouch: touch, isMobile: touch });
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${String(error)}`));
  await use({ page, allow: (pattern) => allowed.push(pattern) });
  await context.close();
  const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
  expect(unexpected, "console errors").toEqual([]);
}

export const test = base.extend<
  { ff: Watched; ffNoScript: Watched; at: (path: string) => string },
  FirefoxOptions & { firefox: Browser; firefoxNoScript: Browser }
>({
  firefoxTouch: [false, { option: true, scope: "worker" }],
  firefox: [
    async ({ firefoxTouch }, use) => {
      const browser = await launch({ "dom.w3c_touch_events.enabled": firefoxTouch ? 1 : 0 });
      await use(browser);
      await browser.close();
    },
    // Firefox takes seconds to start, a minute on a busy machine: the test's own 30 s stay for the test.
    { scope: "worker", timeout: 120_000 },
  ],
  firefoxNoScript: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const browser = await launch({ "javascript.enabled": false });
      await use(browser);
      await browser.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  ff: async ({ firefox, viewport, firefoxTouch }, use) => {
    await watchedPage(firefox, viewport ?? { width: 1280, height: 800 }, firefoxTouch, use);
  },
  ffNoScript: async ({ firefoxNoScript, viewport }, use) => {
    await watchedPage(firefoxNoScript, viewport ?? { width: 1280, height: 800 }, false, use);
  },
  at: async ({ baseURL }, use) => {
    await use((path) => new URL(path, baseURL).href);
  },
});

export { expect };

/** The text of the first element matching `selector` (empty if none): for `expect.poll`. */
export function textOf(page: Page, selector: string): Promise<string> {
  return page.evaluate(
    (s) => document.querySelector(s)?.textContent?.replace(/\s+/g, " ").trim() ?? "",
    selector,
  );
}

/** Waits until the page's script has run (the site script marks <html>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
