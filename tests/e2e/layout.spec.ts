// What QA saw on screen: stacked hero buttons share one width on phones; link arrows sit on the label's last line;
// nothing in a page's main reaches past the screen's edge.
import { paths } from "../../app/config/paths.ts";
import { allPaths, expect, test, waitForHydration } from "./fixtures.ts";
import { overflowingElements } from "./overflow.ts";

const eventTypePaths = allPaths.filter((path) => path.startsWith("/event-types/"));

test("hero buttons stacked on a phone have one width; side by side on a wide screen", async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === "mobile";
  for (const path of eventTypePaths) {
    await page.goto(path);
    const boxes = await page
      .locator("main section")
      .first()
      .locator("a")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON()));
    expect(boxes.length, path).toBeGreaterThanOrEqual(2);
    const widths = new Set(boxes.map((box: DOMRect) => Math.round(box.width)));
    const rows = new Set(boxes.map((box: DOMRect) => Math.round(box.top)));
    if (phone) {
      expect([...widths], path).toHaveLength(1);
      expect(rows.size, path).toBe(boxes.length);
    } else {
      expect(rows.size, path).toBe(1);
    }
  }
});

test("each Explore link's arrow sits on the line of the label's last word", async ({ page }) => {
  await page.goto(paths.home);
  const links = page.locator("#features a", { hasText: /Explore/ });
  expect(await links.count()).toBeGreaterThanOrEqual(3);
  const gaps = await links.evaluateAll((elements) =>
    elements.map((link) => {
      const arrow = link.querySelector("svg")?.getBoundingClientRect();
      const rects = [...link.getClientRects()];
      const lastLine = rects[rects.length - 1];
      if (!arrow || !lastLine) return Number.POSITIVE_INFINITY;
      // Vertical distance between the arrow's centre and the last text line's centre.
      return Math.abs(arrow.top + arrow.height / 2 - (lastLine.top + lastLine.height / 2));
    }),
  );
  for (const gap of gaps) expect(gap).toBeLessThanOrEqual(3);
});

test("nothing in main reaches past the screen's edge, islands hydrated", async ({ page }) => {
  for (const path of [
    "/",
    "/how-it-works",
    "/pricing",
    "/features",
    "/features/interactive-venue-mapping",
    eventTypePaths[0] ?? "/event-types/art-fairs",
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    // Islands that hydrate when seen: brought into view, then given the time to hydrate.
    for (const island of await page.locator("[data-island][data-hydrate=visible]").all()) {
      await island.scrollIntoViewIfNeeded();
      await expect(island.locator("[data-live]").first()).toBeAttached();
    }
    expect(await page.evaluate(overflowingElements), path).toEqual([]);
  }
});
