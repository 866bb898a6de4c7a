// Every route answers 200 from the server with its own head tags; noindex only on the two legal pages.

import { parseBuildEnv } from "../../app/config/build-env.ts";
import { siteRoutes } from "../../app/config/paths.ts";
import { siteFile } from "./content-files.ts";
import { expect, served, test } from "./fixtures.ts";

const { SITE_URL } = parseBuildEnv(process.env);
const noindexPaths = ["/privacy-policy", "/terms-service"];

test.describe("head tags", () => {
  for (const route of siteRoutes) {
    test(`${route.path} has its own title, description, canonical and social tags`, async ({
      request,
    }) => {
      const $ = await served(request, route.path);
      const meta = (selector: string) => $(`head meta[${selector}]`).attr("content");
      const title = $("head title").text();
      expect(title).toMatch(/\| BoothPilot$/);
      const description = meta('name="description"');
      expect(description?.length).toBeGreaterThan(30);
      const canonical = `${SITE_URL}${route.path === "/" ? "/" : route.path}`;
      expect($('head link[rel="canonical"]').attr("href")).toBe(canonical);
      expect(meta('property="og:title"')).toBe(title);
      expect(meta('property="og:description"')).toBe(description);
      expect(meta('property="og:url"')).toBe(canonical);
      expect(meta('property="og:type"')).toMatch(/^(website|article)$/);
      expect(meta('property="og:image"')).toMatch(/^https?:\/\//);
      expect(meta('name="twitter:card"')).toBe("summary_large_image");
      expect(meta('name="keywords"')).toMatch(/\w/);
      const jsonLd = $('head script[type="application/ld+json"]')
        .map((_, script) => JSON.parse($(script).text())["@type"])
        .get();
      expect(jsonLd).toContain("Organization");
      expect(meta('name="robots"')?.includes("noindex") ?? false).toBe(
        noindexPaths.includes(route.path),
      );
      expect($("h1")).toHaveLength(1);
    });
  }

  test("titles are unique across routes", async ({ request }) => {
    const seen = new Map<string, string>();
    for (const route of siteRoutes) {
      const title = (await served(request, route.path))("head title").text();
      expect(title, route.path).toBeTruthy();
      expect(seen.get(title), `${route.path} repeats a title`).toBeUndefined();
      seen.set(title, route.path);
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

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe("share cards and icons", () => {
  for (const route of siteRoutes) {
    test(`${route.path} shares its own 1200x630 PNG card with its size and alt text`, async ({
      request,
    }) => {
      const html = await (await request.get(route.path)).text();
      const meta = (property: string) =>
        new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];
      const image = meta("og:image") ?? "";
      expect(image.startsWith(`${SITE_URL}/og/`), image).toBe(true);
      expect(meta("og:image:type")).toBe("image/png");
      expect(meta("og:image:alt")).toMatch(/^BoothPilot: \w/);
      const response = await request.get(image.slice(SITE_URL.length));
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const bytes = await response.body();
      expect(bytes.length).toBeLessThanOrEqual(100 * 1024);
      expect(pngSize(bytes)).toEqual({
        width: Number(meta("og:image:width")),
        height: Number(meta("og:image:height")),
      });
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      expect(meta("twitter:image")).toBe(image);
    });
  }

  test("every page has its own card", async ({ request }) => {
    const images = new Set<string>();
    for (const route of siteRoutes) {
      const html = await (await request.get(route.path)).text();
      images.add(/<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] ?? "");
    }
    expect(images.size).toBe(siteRoutes.length);
  });

  test("the apple-touch-icon and the web manifest with its icons answer", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1] ?? "";
    const touchIcon = await request.get(touch);
    expect(touchIcon.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await touchIcon.body())).toEqual({ width: 180, height: 180 });
    const manifestHref = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1] ?? "";
    const manifest = await request.get(manifestHref);
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as {
      name: string;
      description: string;
      icons: { src: string; sizes: string }[];
    };
    expect(body.name).toBe("BoothPilot");
    expect(body.description).toBe(siteFile.tagline);
    for (const icon of body.icons.filter((i) => i.sizes !== "any")) {
      const answer = await request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      const side = Number(icon.sizes.split("x")[0]);
      expect(pngSize(await answer.body())).toEqual({ width: side, height: side });
    }
  });
});

/**
 * schema.org's required properties as search engines read them (Google's structured data guidelines):
 * a dotted path is required inside each element of the array it names.
 */
const requiredFields: Record<string, string[]> = {
  Organization: ["name", "url"],
  FAQPage: [
    "mainEntity",
    "mainEntity.@type=Question",
    "mainEntity.name",
    "mainEntity.acceptedAnswer.text",
  ],
  SoftwareApplication: ["name", "offers.price", "offers.priceCurrency", "applicationCategory"],
  // Google asks no property of an Article; these are the ones it recommends and a guide always has.
  Article: ["headline", "datePublished", "dateModified", "author.name"],
  BreadcrumbList: [
    "itemListElement",
    "itemListElement.position",
    "itemListElement.name",
    "itemListElement.item",
  ],
};

function missingFields(data: Record<string, unknown>): string[] {
  const missing: string[] = [];
  for (const field of requiredFields[String(data["@type"])] ?? []) {
    const [path, expected] = field.split("=");
    const values = (path ?? "").split(".").reduce<unknown[]>(
      (found, key) =>
        found.flatMap((value) => {
          const next = (value as Record<string, unknown> | undefined)?.[key];
          return Array.isArray(next) ? next : [next];
        }),
      [data],
    );
    const bad =
      values.length === 0 ||
      values.some((v) => v === undefined || v === "" || (expected !== undefined && v !== expected));
    if (bad) missing.push(field);
  }
  return missing;
}

test("structured data: schema.org's required fields on every page, breadcrumbs on nested ones", async ({
  request,
}) => {
  const typesByPath = new Map<string, string[]>();
  for (const route of siteRoutes) {
    const html = await (await request.get(route.path)).text();
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>);
    for (const data of blocks) {
      expect(requiredFields, `${route.path}: known type ${data["@type"]}`).toHaveProperty(
        String(data["@type"]),
      );
      expect(missingFields(data), `${route.path} ${data["@type"]}`).toEqual([]);
    }
    typesByPath.set(
      route.path,
      blocks.map((d) => String(d["@type"])),
    );
    const breadcrumb = blocks.find((d) => d["@type"] === "BreadcrumbList");
    expect(Boolean(breadcrumb), `${route.path} breadcrumb`).toBe(route.path.split("/").length > 2);
    if (breadcrumb) {
      const items = breadcrumb.itemListElement as { position: number; item: string }[];
      expect(items.map((i) => i.position)).toEqual(items.map((_, index) => index + 1));
      expect(items.at(-1)?.item).toBe(`${SITE_URL}${route.path}`);
    }
  }
  expect(typesByPath.get("/how-it-works")).toContain("FAQPage");
  expect(typesByPath.get("/pricing")).toContain("SoftwareApplication");
});
