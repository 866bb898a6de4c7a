// Shared fixtures: every page test fails on a console error or CSP violation it did not expect.
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import { type CheerioAPI, load } from "cheerio";
import { siteRoutes } from "../../app/config/paths.ts";

export interface ConsoleWatch {
  errors: string[];
  allowed: RegExp[];
  /** Console errors the test expects (the 404 page's log line): removed from the failure check. */
  allow(pattern: RegExp): void;
}

// The watch rides on `page`, not on every test: a test that only reads files or sends requests opens no
// browser page (about a second each under CI's load, 170 such tests).
export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  consoleWatch: async ({}, use) => {
    const allowed: RegExp[] = [];
    await use({ errors: [], allowed, allow: (pattern) => allowed.push(pattern) });
  },
  page: async ({ page, consoleWatch }, use) => {
    const { errors } = consoleWatch;
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(page);
    const unexpected = errors.filter(
      (text) => !consoleWatch.allowed.some((pattern) => pattern.test(text)),
    );
    expect(unexpected, "console errors and CSP violations").toEqual([]);
  },
});

export { expect };

export const allPaths = siteRoutes.map((r) => r.path);

export const notFoundPath = "/this-page-does-not-exist";

/**
 * One page of each template (home, overview, feature, event type, pricing, form, long text, guide list, guide,
 * 404): where a check needs a browser's layout, pages of one template differ in words, not in how they are laid out.
 */
export const onePerTemplate = [
  "/",
  "/features",
  "/features/interactive-venue-mapping",
  "/event-types/flea-markets",
  "/pricing",
  "/contact",
  "/privacy-policy",
  "/guides/type/flea-markets",
  "/guides/laying-out-a-venue-map",
  notFoundPath,
];

/**
 * The page as the server sends it, parsed as a browser without JavaScript reads it: markup every route shares is
 * checked on all of them this way, in a fraction of a browser page's time.
 */
export async function served(
  request: APIRequestContext,
  path: string,
  status = 200,
): Promise<CheerioAPI> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return load(await response.text(), { scriptingEnabled: false });
}

/** Waits until the page's script has run: the site script on pages, React on the console (each marks <html>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
