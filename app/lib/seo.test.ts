import { describe, expect, it } from "vitest";
import { siteRoutes } from "../config/paths";
import { buildHead, fullTitle, headForPath } from "./seo";

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((tag) => tag[key] === value);

describe("buildHead", () => {
  it("builds title, description, canonical, Open Graph, Twitter and Organization JSON-LD", () => {
    const tags = buildHead({
      path: "/pricing",
      title: "Pricing",
      description: "What it costs.",
      keywords: ["a", "b"],
    }) as Tag[];
    expect(tags).toContainEqual({ title: "Pricing | BoothPilot" });
    expect(find(tags, "name", "description")?.content).toBe("What it costs.");
    expect(find(tags, "name", "keywords")?.content).toBe("a, b");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://www.boothpilot.example/pricing");
    expect(find(tags, "property", "og:url")?.content).toBe(
      "https://www.boothpilot.example/pricing",
    );
    expect(find(tags, "property", "og:title")?.content).toBe("Pricing | BoothPilot");
    expect(find(tags, "property", "og:image")?.content).toMatch(
      /^https:\/\/www\.boothpilot\.example\//,
    );
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(tags, "name", "robots")?.content).toBe("index, follow");
    const jsonLd = tags
      .filter((tag) => "script:ld+json" in tag)
      .map((tag) => tag["script:ld+json"]);
    expect(jsonLd).toContainEqual(
      expect.objectContaining({ "@type": "Organization", name: "BoothPilot" }),
    );
  });

  it("adds extra JSON-LD after Organization and honours noindex", () => {
    const tags = buildHead({
      path: "/how-it-works",
      title: "X",
      description: "Y",
      noindex: true,
      jsonLd: [{ "@type": "FAQPage" }],
    }) as Tag[];
    expect(find(tags, "name", "robots")?.content).toBe("noindex, nofollow");
    const types = tags
      .filter((t) => "script:ld+json" in t)
      .map((t) => (t["script:ld+json"] as Tag)["@type"]);
    expect(types).toEqual(["Organization", "FAQPage"]);
  });

  it("has no canonical address for a page without a path (the 404 page)", () => {
    const tags = buildHead({ title: "Missing", description: "Gone" }) as Tag[];
    expect(find(tags, "rel", "canonical")).toBeUndefined();
    expect(find(tags, "property", "og:url")).toBeUndefined();
  });
});

describe("headForPath", () => {
  it("gives every route its own title and noindex exactly on the privacy and terms pages", () => {
    const titles = new Set<string>();
    for (const route of siteRoutes) {
      const tags = headForPath(route.path) as Tag[];
      const title = tags.find((tag) => "title" in tag)?.title as string;
      expect(titles.has(title), `${route.path} repeats ${title}`).toBe(false);
      titles.add(title);
      const noindex = String(find(tags, "name", "robots")?.content).includes("noindex");
      expect(noindex).toBe(["/privacy-policy", "/terms-service"].includes(route.path));
    }
    expect(titles.size).toBe(siteRoutes.length);
  });

  it("treats a trailing slash as the same page and rejects paths outside the table", () => {
    expect(headForPath("/pricing/")).toEqual(headForPath("/pricing"));
    expect(() => headForPath("/nowhere")).toThrow(/not in the route table/);
  });

  it("suffixes titles with the brand", () => {
    expect(fullTitle("About Us")).toBe("About Us | BoothPilot");
  });
});
