// Shared fixtures: every page test fails on a console error or CSP violation it did not expect.
import { test as base, expect, type Page } from "@playwright/test";
import { siteRoutes } from "../../app/config/paths.ts";

export interface ConsoleWatch {
  errors: string[];
  /** Console errors the test expects (the 404 page's log line): removed from the failure check. */
  allow(pattern: RegExp): void;
}

export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use({ errors, allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, "console errors and CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const allPaths = siteRoutes.map((r) => r.path);

/** Waits until the page's script has run: the site script on pages, React on the console (each marks <html>). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
