// The brand on every page as a visitor sees it: the logo mark, the site's own font, the sticky header marking
// the current section and the section rhythm (the header's menus are navigation.spec.ts's).
import { paths } from "../../app/config/paths.ts";
import { siteFile } from "./content-files.ts";
import {
  allPaths,
  expect,
  notFoundPath,
  onePerTemplate,
  served,
  test,
  waitForHydration,
} from "./fixtures.ts";

const phone = (width: number | undefined) => (width ?? 1280) < 768;

// Each test walks several pages; on a machine shared with other suites a page load can take seconds.
test.describe.configure({ timeout: 120_000 });

test("every page has the logo mark beside the name in the header and the footer", async ({
  request,
}) => {
  for (const path of [...allPaths, notFoundPath]) {
    const $ = await served(request, path, path === notFoundPath ? 404 : 200);
    for (const landmark of ["body > header", "body > footer"]) {
      const marks = $(landmark).find("svg[data-logo-mark]");
      expect(marks.length, `${path} ${landmark}`).toBeGreaterThan(0);
      // The mark and the name in one element: the browser check below sees them on one line.
      expect(marks.first().parent().text().trim(), `${path} ${landmark}`).toBe("BoothPilot");
    }
  }
});

test("the logo mark is drawn beside the name, in the header and the footer of each template", async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(/non-existent route|status of 404/);
  for (const path of onePerTemplate) {
    await page.goto(path);
    for (const landmark of [page.getByRole("banner"), page.getByRole("contentinfo")]) {
      const mark = landmark.locator("svg[data-logo-mark]").first();
      await expect(mark, path).toBeVisible();
      const box = await mark.boundingBox();
      expect(box?.width, path).toBeGreaterThanOrEqual(24);
      // Beside the name: the mark and "BoothPilot" share a line.
      const name = landmark.getByText("BoothPilot", { exact: true }).first();
      const nameBox = await name.boundingBox();
      expect(
        Math.abs(
          (nameBox?.y ?? 0) + (nameBox?.height ?? 0) / 2 - ((box?.y ?? 0) + (box?.height ?? 0) / 2),
        ),
        path,
      ).toBeLessThan(4);
    }
  }
});

test("text is set in Inter, loaded from the site's own origin, preloaded, and nothing shifts", async ({
  page,
  baseURL,
}) => {
  for (const path of [paths.home, paths.pricing, paths.eventType("card-shows")]) {
    const font = page.waitForResponse((response) => response.url().endsWith(".woff2"));
    await page.goto(path);
    const response = await font;
    expect(new URL(response.url()).origin).toBe(new URL(baseURL ?? "").origin);
    expect(response.status()).toBe(200);
    const preload = page.locator('head link[rel="preload"][as="font"]');
    await expect(preload).toHaveAttribute("type", "font/woff2");
    await expect(preload).toHaveAttribute("crossorigin", "");
    expect(new URL((await preload.getAttribute("href")) ?? "", baseURL).href).toBe(response.url());
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family);
    });
    expect(loaded).toContain("Inter Variable");
    expect(
      await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily),
    ).toMatch(/^"Inter Variable"/);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) =>
            resolve(
              list
                .getEntries()
                .reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0),
            ),
          ).observe({ type: "layout-shift", buffered: true });
          // No entry at all is no shift.
          setTimeout(() => resolve(0), 500);
        }),
    );
    // The page's CLS budget (0.01): an island that loads when visible may move a pixel; the font
    // itself is held to no shift at all by the next test.
    expect(shift, path).toBeLessThan(0.01);
  }
});

test("when the font comes late, nothing moves: it is kept for the next page", async ({ page }) => {
  // The font held back until after the first paint, so the page is first drawn in the fallback.
  await page.route("**/*.woff2", async (route) => {
    await page.waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint").length > 0,
    );
    await route.continue();
  });
  for (const path of [paths.home, paths.pricing, paths.eventType("art-fairs")]) {
    await page.goto(path);
    const shift = await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      let sum = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) sum += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return sum;
    });
    // Drawn in the fallback first, the page stays so: a late font is never swapped in.
    expect(shift, path).toBe(0);
  }
});

test("the header stays in view while scrolling, and anchors land below it", async ({ page }) => {
  for (const path of [paths.home, paths.features, paths.eventType("food-truck-rallies")]) {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = page.getByRole("banner");
    await expect(header).toBeInViewport();
    expect((await header.boundingBox())?.y).toBe(0);
    await expect(header.getByRole("link", { name: "BoothPilot" })).toBeInViewport();
  }
  await page.goto(`${paths.contact}#contact-form`);
  const headerBottom = (await page.getByRole("banner").boundingBox()) ?? { y: 0, height: 0 };
  const form = await page.locator("#contact-form").boundingBox();
  expect(form?.y).toBeGreaterThanOrEqual(headerBottom.y + headerBottom.height);
});

test("the header marks the current section, in words for assistive technology and visibly", async ({
  page,
}) => {
  const isPhone = phone(page.viewportSize()?.width);
  const cases: [string, string, "page" | "true"][] = [
    [paths.eventType("card-shows"), "Event Types", "true"],
    [paths.feature("automated-messaging"), "Features", "true"],
    [paths.features, "Features", "page"],
    [paths.pricing, "Pricing", "page"],
  ];
  for (const [path, label, current] of cases) {
    await page.goto(path);
    await waitForHydration(page);
    if (isPhone) {
      await page.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      const nav = page.getByRole("navigation", { name: siteFile.header.mobileNav });
      // On a phone, the section's link in the menu (Event Types is a heading there: the page's own link is marked).
      const link =
        label === "Event Types"
          ? nav.getByRole("link", { name: "Card Shows" })
          : nav.getByRole("link", { name: label, exact: true });
      await expect(link).toHaveAttribute(
        "aria-current",
        label === "Event Types" ? "page" : current,
      );
      await expect(nav.locator("[aria-current]")).toHaveCount(1);
      continue;
    }
    const nav = page.getByRole("navigation", { name: siteFile.header.mainNav });
    // The visible marked item (the closed dropdown's own link to the page is marked too, out of sight).
    const marked = nav.locator("[aria-current]:visible");
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveText(label);
    await expect(marked).toHaveAttribute("aria-current", current);
    // Visibly: tinted and underlined, unlike the other links.
    const style = (locator: typeof marked) =>
      locator.evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.backgroundColor} ${s.textDecorationLine}`;
      });
    const other = nav.getByRole("link", { name: "Home", exact: true });
    expect(await style(marked)).not.toBe(await style(other));
    expect(await style(marked)).toContain("underline");
  }
});

test("sections follow one rhythm: no empty band taller than 128 px between them", async ({
  page,
}) => {
  test.skip(phone(page.viewportSize()?.width), "measured at 1280 px");
  for (const path of [
    paths.home,
    paths.features,
    paths.howItWorks,
    paths.pricing,
    paths.eventType("flea-markets"),
    paths.feature("automated-messaging"),
  ]) {
    await page.goto(path);
    const gaps = await page.evaluate(() => {
      // Each top-level section's drawn content: text, pictures, and boxes with a border or background.
      const sections = [...document.querySelectorAll("main section")].filter(
        (s) => !s.parentElement?.closest("main section"),
      );
      const bounds = sections.map((section) => {
        let top = Number.POSITIVE_INFINITY;
        let bottom = Number.NEGATIVE_INFINITY;
        for (const el of section.querySelectorAll("*")) {
          const style = getComputedStyle(el);
          const boxed =
            Number.parseFloat(style.borderTopWidth) > 0 ||
            Number.parseFloat(style.borderBottomWidth) > 0 ||
            style.backgroundColor !== "rgba(0, 0, 0, 0)";
          if (el.children.length > 0 && !(el instanceof SVGElement) && !boxed) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          top = Math.min(top, r.top);
          bottom = Math.max(bottom, r.bottom);
        }
        return { top, bottom };
      });
      return bounds.slice(1).map((b, i) => b.top - (bounds[i]?.bottom ?? b.top));
    });
    expect(gaps.length, path).toBeGreaterThan(1);
    expect(Math.max(...gaps), path).toBeLessThanOrEqual(128);
  }
});
