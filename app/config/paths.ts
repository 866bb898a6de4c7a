// The route table: every public path, the module that renders it, and whether search engines may index it.
// Event-type and feature pages follow the files in content/event-types/ and content/features/ (docs/content.md);
// guide pages the published files in content/guides/.

import { eventTypeEntries, featureEntries, guideSummaries } from "../content/store.ts";

/** The event-type pages' slugs, in navigation order: one per published file in content/event-types/. */
export const eventTypeSlugs: readonly string[] = /* @__PURE__ */ eventTypeEntries.map(
  (e) => e.slug,
);
export type EventTypeSlug = string;

/** The feature pages' slugs, in their order: one per published file in content/features/. */
export const featureSlugs: readonly string[] = /* @__PURE__ */ featureEntries.map((e) => e.slug);
export type FeatureSlug = string;

export const paths = {
  home: "/",
  features: "/features",
  howItWorks: "/how-it-works",
  pricing: "/pricing",
  contact: "/contact",
  about: "/about",
  privacyPolicy: "/privacy-policy",
  termsService: "/terms-service",
  security: "/security",
  cookies: "/cookies",
  press: "/press",
  careers: "/careers",
  eventType: (slug: EventTypeSlug) => `/event-types/${slug}` as const,
  feature: (slug: FeatureSlug) => `/features/${slug}` as const,
  // The guide centre (docs/guides.md): beyond SPEC's route table.
  guides: "/guides",
  guide: (slug: string) => `/guides/${slug}` as const,
  guidesForType: (eventType: string) => `/guides/type/${eventType}` as const,
  /** The Atom feed of every published guide, written by the build (scripts/lib/guides-feed.ts). */
  guidesFeed: "/guides/feed.xml",
} as const;

export interface SiteRoute {
  /** Public URL path, without a trailing slash. */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** Unique route id (several paths share one template module). */
  id: string;
  /** false for pages marked noindex and left out of the sitemap. */
  indexable: boolean;
}

const page = (path: string, file: string, indexable = true): SiteRoute => ({
  path,
  file,
  id: path === "/" ? "home" : path.slice(1).replaceAll("/", "-"),
  indexable,
});

/** The event types at least one published guide serves, in the navigation's order: each has a guides page. */
export const guideEventTypes: readonly string[] = /* @__PURE__ */ eventTypeSlugs.filter((type) =>
  guideSummaries.some((guide) => guide.eventTypes.includes(type)),
);

// Built in a call marked pure so that a bundle that never reads the table (the browser's) leaves it out.
export const siteRoutes: readonly SiteRoute[] = /* @__PURE__ */ (() => [
  page(paths.home, "routes/home.tsx"),
  page(paths.features, "routes/features.tsx"),
  page(paths.howItWorks, "routes/how-it-works.tsx"),
  page(paths.pricing, "routes/pricing.tsx"),
  page(paths.contact, "routes/contact.tsx"),
  page(paths.about, "routes/about.tsx"),
  ...eventTypeSlugs.map((slug) => page(paths.eventType(slug), "routes/event-type.tsx")),
  ...featureSlugs.map((slug) => page(paths.feature(slug), "routes/feature.tsx")),
  page(paths.privacyPolicy, "routes/legal.tsx", false),
  page(paths.termsService, "routes/legal.tsx", false),
  page(paths.security, "routes/legal.tsx"),
  page(paths.cookies, "routes/legal.tsx"),
  page(paths.press, "routes/legal.tsx"),
  page(paths.careers, "routes/legal.tsx"),
  page(paths.guides, "routes/guides.tsx"),
  ...guideEventTypes.map((type) => page(paths.guidesForType(type), "routes/guides.tsx")),
  ...guideSummaries.map((guide) => page(paths.guide(guide.slug), "routes/guide.tsx")),
])();

/** Prerendered for the 404 page; the build moves it to 404.html so the path itself never answers 200. */
export const notFoundPrerenderPath = "/__not-found";

/** The route-table path of a location pathname ("/pricing/" and "/pricing" are the same page). */
export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
