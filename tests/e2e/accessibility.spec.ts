// axe-core (WCAG 2.1 A and AA rules) on every route and the 404 page, after hydration.
import { expectNoAxeViolations } from "./axe.ts";
import { allPaths, notFoundPath, onePerTemplate, test, waitForHydration } from "./fixtures.ts";

// At phone width a page differs from its desktop self in layout and the menu, not in content: one page of each
// template is checked there. The guide lists (all guides, and per event type) are one template whose pages differ
// only in which guides they list: one of them is checked.
const sampled = new Set(onePerTemplate);
const guideList = (path: string) => path === "/guides" || path.startsWith("/guides/type/");

for (const path of [...allPaths, notFoundPath]) {
  test.describe(() => {
    test.skip(
      ({ viewport }) => (viewport?.width ?? 1280) < 768 && !sampled.has(path),
      "its template is checked at phone width on another page",
    );
    test.skip(guideList(path) && !sampled.has(path), "a guide list: another one is checked");

    test(`${path} has no axe violations`, async ({ page, consoleWatch }) => {
      // On the 404 page, its status and its own log line are the expected console errors.
      if (path === notFoundPath) consoleWatch.allow(/non-existent route|status of 404/);
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  });
}
