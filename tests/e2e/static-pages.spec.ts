// Marketing pages as HTML and CSS: no client router in the browser, page links prerendered by Speculation Rules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { islandAttribute } from "../../app/islands/markup.ts";
import { attribute, elements, parseHtml, textOf } from "../../scripts/lib/html.ts";
import type { SiteManifest } from "../../server/site/manifest.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const clientDir = join(import.meta.dirname, "..", "..", "build", "client");
const manifest = JSON.parse(
  readFileSync(join(clientDir, "..", "site-manifest.json"), "utf8"),
) as SiteManifest;

/** The pages that hold an island: the contact form, the fee calculator, the venue-map demo. */
const pagesWithIslands = new Set([
  "/contact",
  "/pricing",
  "/features/interactive-venue-mapping",
  "/",
]);

test.describe("built pages", () => {
  for (const page of [...manifest.pages, manifest.notFound]) {
    test(`${page.path} holds no client-router runtime, only its own inline scripts and the site script's loader`, () => {
      const html = readFileSync(join(clientDir, page.file), "utf8");
      expect(html).not.toContain("__reactRouter");
      const scripts = [...elements(parseHtml(html))].filter((el) => el.tagName === "script");
      // No script the browser would fetch while the page is first painted.
      expect(scripts.map((el) => attribute(el, "src")).filter(Boolean)).toEqual([]);
      for (const script of scripts) {
        expect(["application/ld+json", "speculationrules", undefined]).toContain(
          attribute(script, "type"),
        );
      }
      // Classic inline scripts: the view-transition guard in <head>, the 404 page's console line, the loader of
      // the bundled site script, and the line that applies the whole stylesheet once loaded (ADR 45).
      const classic = scripts.filter((el) => !attribute(el, "type"));
      expect(classic.map(textOf)).toEqual([
        expect.stringContaining('"pagereveal"'),
        ...(page.path === "/404" ? [expect.stringContaining("console.error(")] : []),
        expect.stringContaining('s.type="module"'),
        expect.stringContaining("data-beasties-media"),
      ]);
      expect(attribute(classic.at(-2) as (typeof classic)[number], "data-site-script")).toMatch(
        /^\/assets\/site-[\w-]+\.js$/,
      );
      // The first paint waits for no stylesheet: the page's own CSS is inline, the whole file loads beside it.
      const all = [...elements(parseHtml(html))];
      expect(all.filter((el) => el.tagName === "style")).toHaveLength(1);
      const sheets = all.filter(
        (el) => el.tagName === "link" && attribute(el, "rel") === "stylesheet",
      );
      expect(sheets.map((el) => attribute(el, "media"))).toEqual(["print"]);
      expect(html.includes(`${islandAttribute}=`)).toBe(pagesWithIslands.has(page.path));
    });
  }
});

/** Evaluates a speculation rule's `where` clause for a URL, as the browser does (URL patterns on this origin). */
function matchesWhere(where: unknown, href: string, origin: string): boolean {
  const clause = where as {
    and?: unknown[];
    or?: unknown[];
    not?: unknown;
    href_matches?: string;
  };
  if (clause.and) return clause.and.every((c) => matchesWhere(c, href, origin));
  if (clause.or) return clause.or.some((c) => matchesWhere(c, href, origin));
  if (clause.not) return !matchesWhere(clause.not, href, origin);
  if (clause.href_matches) {
    return new URLPattern(clause.href_matches, origin).test(new URL(href, origin));
  }
  throw new Error(`unknown clause ${JSON.stringify(where)}`);
}

test("the speculation rules parse, prerender page links on hover, and never /admin or the form's target", async ({
  page,
  baseURL,
}) => {
  await page.goto("/contact");
  const text = await page.locator('script[type="speculationrules"]').textContent();
  const rules = JSON.parse(text ?? "") as {
    prerender: { where: unknown; eagerness: string }[];
  };
  expect(rules.prerender).toHaveLength(1);
  const [rule] = rules.prerender;
  expect(rule?.eagerness).toBe("moderate");
  const origin = baseURL ?? "";
  const action = await page.locator("#contact-form").getAttribute("action");
  for (const href of ["/", "/pricing", "/event-types/card-shows"]) {
    expect(matchesWhere(rule?.where, href, origin), href).toBe(true);
  }
  for (const href of ["/admin", "/admin/analytics", "/admin/messages/1", action ?? "/functions/"]) {
    expect(matchesWhere(rule?.where, href, origin), href).toBe(false);
  }
  expect(matchesWhere(rule?.where, "https://app.boothpilot.example/login", origin)).toBe(false);
});

test("a page link hovered, then followed, is served from the speculation", async ({
  page,
  browserName,
}) => {
  test.skip(browserName !== "chromium", "Speculation Rules are Chromium's");
  // Chromium's own account of each speculative load (DevTools' Preload domain).
  const cdp = await page.context().newCDPSession(page);
  const prerenders: { url: string; status: string; reason?: string }[] = [];
  cdp.on("Preload.prerenderStatusUpdated", (event) => {
    prerenders.push({ url: event.key.url, status: event.status, reason: event.prerenderStatus });
  });
  await cdp.send("Preload.enable");
  await page.goto("/");
  await waitForHydration(page);
  const link = page.locator('main a[href="/features"]').first();
  await link.scrollIntoViewIfNeeded();
  // "moderate": the speculation starts once the pointer rests on the link (or on pointerdown).
  await link.hover();
  await expect
    .poll(() => prerenders.find((p) => new URL(p.url).pathname === "/features")?.status)
    .toBeDefined();
  await link.click();
  await expect(page).toHaveURL("/features");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Every tool/);
  const navigation = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
      activationStart: number;
      deliveryType: string;
    };
    return { activationStart: entry.activationStart, deliveryType: entry.deliveryType };
  });
  const attempt = prerenders.filter((p) => new URL(p.url).pathname === "/features").at(-1);
  if (attempt?.reason === "PrerenderingDisabledByDevTools") {
    // Chromium never prerenders while DevTools (here: the test driver) is attached; it falls back to the
    // rule's prefetch, and the page is served from that.
    expect(navigation.deliveryType).toBe("navigational-prefetch");
  } else {
    // Shown from a prerender: the page was loaded before it was activated.
    expect(navigation.activationStart).toBeGreaterThan(0);
  }
  // Never for the console or the server functions.
  expect(prerenders.filter((p) => /\/(admin|functions)\b/.test(new URL(p.url).pathname))).toEqual(
    [],
  );
});

test("the site script starts loading only after the page's first contentful paint", async ({
  page,
}) => {
  await page.goto("/pricing");
  await waitForHydration(page);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    script: performance
      .getEntriesByType("resource")
      .find((entry) => /\/assets\/site-[\w-]+\.js$/.test(new URL(entry.name).pathname))?.startTime,
  }));
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.script).toBeGreaterThanOrEqual(timing.paint ?? Number.POSITIVE_INFINITY);
});

test("FAQ questions report aria-expanded and open by keyboard", async ({ page }) => {
  await page.goto("/how-it-works");
  await waitForHydration(page);
  const question = page.locator("#faq summary").first();
  await expect(question).toHaveAttribute("aria-expanded", "false");
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#faq details").first().locator("p")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(question).toHaveAttribute("aria-expanded", "false");
});
