// axe-core (WCAG 2.1 A and AA rules) on every route and the 404 page, after hydration.
import AxeBuilder from "@axe-core/playwright";
import { allPaths, expect, test, waitForHydration } from "./fixtures.ts";

const notFoundPath = "/this-page-does-not-exist";

for (const path of [...allPaths, notFoundPath]) {
  test(`${path} has no axe violations`, async ({ page, consoleWatch }) => {
    // On the 404 page, its status and its own log line are the expected console errors.
    if (path === notFoundPath) consoleWatch.allow(/non-existent route|status of 404/);
    await page.goto(path);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
}
