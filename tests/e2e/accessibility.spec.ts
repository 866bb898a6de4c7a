// axe-core (WCAG 2.1 A and AA rules) on every route and the 404 page, after hydration.
import { expectNoAxeViolations } from "./axe.ts";
import { allPaths, test, waitForHydration } from "./fixtures.ts";

const notFoundPath = "/this-page-does-not-exist";
// At phone width a page differs from its desktop self in layout and the menu, not in content: one page of each
// template is checked there (home, overview, feature, event type, pricing, form, long text, 404).
const onePerTemplate = new Set([
  "/",
  "/features",
  "/features/interactive-venue-mapping",
  "/event-types/flea-markets",
  "/pricing",
  "/contact",
  "/privacy-policy",
  notFoundPath,
]);

for (const path of [...allPaths, notFoundPath]) {
  test.describe(() => {
    test.skip(
      ({ viewport }) => (viewport?.width ?? 1280) < 768 && !onePerTemplate.has(path),
      "its template is checked at phone width on another page",
    );

    test(`${path} has no axe violations`, async ({ page, consoleWatch }) => {
      // On the 404 page, its status and its own log line are the expected console errors.
      if (path === notFoundPath) consoleWatch.allow(/non-existent route|status of 404/);
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  });
}
