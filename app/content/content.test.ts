import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionCookie } from "../../server/admin/auth";
import { business } from "../config/business";
import { eventTypeSlugs, featureSlugs, paths, siteRoutes } from "../config/paths";
import { eventTypePageFor, eventTypePages } from "./event-types";
import { featurePageFor } from "./features";
import { legalPageFor } from "./legal";

describe("page lookups by path", () => {
  it("find a page for every template path in the route table, and only for those", () => {
    for (const slug of eventTypeSlugs) {
      expect(eventTypePageFor(paths.eventType(slug)).slug).toBe(slug);
      expect(eventTypePageFor(`${paths.eventType(slug)}/`).slug).toBe(slug);
    }
    for (const slug of featureSlugs) expect(featurePageFor(paths.feature(slug)).slug).toBe(slug);
    for (const route of siteRoutes.filter((r) => r.file === "routes/legal.tsx")) {
      expect(legalPageFor(route.path).title.length).toBeGreaterThan(0);
    }
    expect(() => eventTypePageFor("/event-types/unknown")).toThrow(/not an event-type page/);
    expect(() => featurePageFor("/features")).toThrow(/not a feature page/);
    expect(() => legalPageFor("/pricing")).toThrow(/not a legal or info page/);
  });

  it("show the sample event link on card shows only and testimonials on flea markets and card shows only", () => {
    const pages = Object.values(eventTypePages);
    expect(pages.filter((p) => p.showSampleEvent).map((p) => p.slug)).toEqual(["card-shows"]);
    expect(pages.filter((p) => p.showTestimonials).map((p) => p.slug)).toEqual([
      "flea-markets",
      "card-shows",
    ]);
  });
});

describe("business constants (docs/product.md)", () => {
  // Written once in config/business.ts (and contracts/brand.ts for the brand); copy interpolates them.
  const literals = [
    /2\.9\s*%/,
    /30\s*¢/,
    /\b\d+\s*%\s*platform fee/,
    /\b24 hours\b/,
    /\b5 minutes\b/,
    /\b13 years\b/,
    /\b30 days\b/,
    /July 1st/,
    /\bFlorida\b/,
    /referrer_tracked/,
    /first_touch_utm/,
    /\bBoothPilot\b/,
  ];
  const appDir = join(import.meta.dirname, "..");
  const sources = [
    ...["content", "components", "routes", "lib"].flatMap((dir) =>
      readdirSync(join(appDir, dir), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => join(dir, file)),
    ),
    // The content files: they write {{placeholders}} (docs/content.md), never the values.
    ...readdirSync(join(appDir, "../content"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".yaml"))
      .map((file) => join("../content", file)),
  ];

  it("are never typed into copy, components, routes or helpers", () => {
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      const text = readFileSync(join(appDir, file), "utf8");
      for (const literal of literals) expect(text, `${file} types ${literal}`).not.toMatch(literal);
    }
  });
});

describe("storage names the policies cite", () => {
  it("name the admin console's cookie as the server sets it", () => {
    expect(sessionCookie(false).name).toBe(business.adminSessionCookie);
    expect(sessionCookie(true).name).toBe(`__Host-${business.adminSessionCookie}`);
  });
});

/** A legal page's text: every block's words, section by section. */
function sectionTexts(path: Parameters<typeof legalPageFor>[0]) {
  return legalPageFor(path).sections.map((section) => ({
    title: section.title,
    text: [section.title, ...section.blocks.map((block) => JSON.stringify(block))].join(" "),
  }));
}

describe("copy that holds together", () => {
  it("terms: every subscription, trial or refund clause is about optional paid services, never the free use", () => {
    const sections = sectionTexts(paths.termsService);
    const paidClauses = sections.filter((s) => /subscription|trial|non-refundable/i.test(s.text));
    expect(paidClauses.map((s) => s.title)).toEqual([
      "Fees",
      "Optional paid services: billing and renewal",
      "Refunds of optional paid services",
      "Free trials of optional paid services",
    ]);
    for (const clause of paidClauses.slice(1))
      expect(clause.text, clause.title).toMatch(/optional paid service/);
    expect(sections.find((s) => s.title === "Fees")?.text).toMatch(
      /\$0 to use the platform, forever: no plan, subscription or trial is needed/,
    );
  });

  it("terms: what organizers may pay BoothPilot with is told apart from what vendors pay booths with", () => {
    const payments = sectionTexts(paths.termsService).find((s) => s.title === "Payments")?.text;
    expect(payments).toContain(
      "What organizers may pay BoothPilot with: optional paid services, where offered, are paid with Visa, Mastercard, American Express, Discover or PayPal.",
    );
    expect(payments).toContain(
      "What vendors can pay booths with: cards, Apple Pay, Google Pay, Link, Cash App and Afterpay",
    );
  });

  it("the privacy and cookie pages give the retention in days and name no variable", () => {
    for (const path of [paths.privacyPolicy, paths.cookies]) {
      const text = sectionTexts(path)
        .map((s) => s.text)
        .join(" ");
      expect(text, path).toMatch(/deleted after 400 days/);
      expect(text, path).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/);
    }
  });
});
