// Every route answers 200 from the server with its own head tags; noindex only on the two legal pages.

import { parseBuildEnv } from "../../app/config/build-env.ts";
import { siteRoutes } from "../../app/config/paths.ts";
import { expect, test } from "./fixtures.ts";

const { SITE_URL } = parseBuildEnv(process.env);
const noindexPaths = ["/privacy-policy", "/terms-service"];

test.describe("head tags", () => {
  const titles = new Map<string, string>();

  for (const route of siteRoutes) {
    test(`${route.path} has its own title, description, canonical and social tags`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const title = await page.title();
      expect(title).toMatch(/\| BoothPilot$/);
      const head = page.locator("head");
      const description = await head.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThan(30);
      const canonical = `${SITE_URL}${route.path === "/" ? "/" : route.path}`;
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute(
        "content",
        description ?? "",
      );
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute(
        "content",
        /website|article/,
      );
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /^https?:\/\//,
      );
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      await expect(head.locator('meta[name="keywords"]')).toHaveAttribute("content", /\w/);
      const jsonLd = await head.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((text) => JSON.parse(text)["@type"])).toContain("Organization");
      const robots = await head.locator('meta[name="robots"]').getAttribute("content");
      expect(robots?.includes("noindex")).toBe(noindexPaths.includes(route.path));
      await expect(page.locator("h1")).toHaveCount(1);
      titles.set(route.path, title);
    });
  }

  test("titles are unique across routes", async ({ request }) => {
    const seen = new Map<string, string>();
    for (const route of siteRoutes) {
      const html = await (await request.get(route.path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, route.path).toBeTruthy();
      expect(seen.get(title ?? ""), `${route.path} repeats a title`).toBeUndefined();
      seen.set(title ?? "", route.path);
    }
  });
});

test("sitemap.xml lists exactly the indexable routes and robots.txt points to it", async ({
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const expected = siteRoutes
    .filter((r) => !noindexPaths.includes(r.path))
    .map((r) => `${SITE_URL}${r.path === "/" ? "/" : r.path}`);
  expect(locs.sort()).toEqual(expected.sort());
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});
