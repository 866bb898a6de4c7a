import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventTypeSlugs, featureSlugs, normalizePathname, siteRoutes } from "./paths";

describe("route table", () => {
  it("holds every path docs/product.md lists under Routes, and a page per event-type file, once each", async () => {
    const files = (await readdir(join(import.meta.dirname, "../../content/event-types"))).map(
      (file) => file.replace(/\.yaml$/, ""),
    );
    expect([...eventTypeSlugs].sort()).toEqual(files.sort());
    for (const slug of eventTypeSlugs) {
      expect(siteRoutes.filter((r) => r.path === `/event-types/${slug}`)).toHaveLength(1);
    }
    expect(featureSlugs.length).toBeGreaterThan(0);
    expect(new Set(siteRoutes.map((r) => r.path)).size).toBe(siteRoutes.length);
    expect(new Set(siteRoutes.map((r) => r.id)).size).toBe(siteRoutes.length);
    for (const path of [
      "/",
      "/features",
      "/how-it-works",
      "/pricing",
      "/contact",
      "/about",
      "/careers",
      "/press",
    ]) {
      expect(
        siteRoutes.some((r) => r.path === path),
        path,
      ).toBe(true);
    }
    expect(siteRoutes.some((r) => r.path === "/event-types/card-shows")).toBe(true);
    expect(siteRoutes.some((r) => r.path === "/features/interactive-venue-mapping")).toBe(true);
  });

  it("marks only the privacy and terms pages as not indexable", () => {
    expect(siteRoutes.filter((r) => !r.indexable).map((r) => r.path)).toEqual([
      "/privacy-policy",
      "/terms-service",
    ]);
  });

  it("normalizes trailing slashes", () => {
    expect(normalizePathname("/pricing/")).toBe("/pricing");
    expect(normalizePathname("/")).toBe("/");
    expect(normalizePathname("")).toBe("/");
  });
});
