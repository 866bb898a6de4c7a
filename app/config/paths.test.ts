import { describe, expect, it } from "vitest";
import { eventTypeSlugs, featureSlugs, normalizePathname, siteRoutes } from "./paths";

describe("route table", () => {
  it("holds every path docs/product.md lists under Routes (6 main, 11 event types, 3 features, 6 legal and info), once each", () => {
    expect(siteRoutes).toHaveLength(26);
    expect(new Set(siteRoutes.map((r) => r.path)).size).toBe(26);
    expect(new Set(siteRoutes.map((r) => r.id)).size).toBe(26);
    expect(eventTypeSlugs).toHaveLength(11);
    expect(featureSlugs).toHaveLength(3);
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
