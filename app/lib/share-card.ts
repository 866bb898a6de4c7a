// What each page's share card shows (title, section, brand) and where its PNG lives: read by seo.ts and scripts/og-images.ts.
import { normalizePathname, siteRoutes } from "../config/paths";
import { siteConfig } from "../config/site";
import { featureNames } from "../content/feature-names";
import { eventTypeNames } from "../content/navigation";
import { pageHeadFor } from "../content/page-heads";

export const shareCardSize = { width: 1200, height: 630 } as const;

export interface ShareCard {
  /** Path of the PNG under the site's origin. */
  image: string;
  title: string;
  /** The part of the site the page belongs to, shown above the title. */
  section: string;
  alt: string;
}

/** The breadcrumb trail of a nested page: its section's page (if there is one) and its own name. */
export function parentOf(path: string): { name: string; path?: string } | undefined {
  const [first, slug] = normalizePathname(path).slice(1).split("/");
  if (slug === undefined) return undefined;
  if (first === "features") return { name: "Features", path: "/features" };
  if (first === "event-types") return { name: "Event Types" };
  if (first === "guides") return { name: "Guides", path: "/guides" };
  return undefined;
}

/** The short name of a page: its navigation label where it has one, else its head title. */
export function shortNameOf(path: string): string {
  const [first, slug] = normalizePathname(path).slice(1).split("/");
  const featureName = first === "features" && slug ? featureNames[slug] : undefined;
  if (featureName) return featureName;
  const eventTypeName = first === "event-types" && slug ? eventTypeNames[slug] : undefined;
  if (eventTypeName) return eventTypeName;
  return pageHeadFor(normalizePathname(path)).title;
}

const sections: Record<string, string> = {
  "routes/home.tsx": "For markets, shows and festivals",
  "routes/features.tsx": "Features",
  "routes/feature.tsx": "Features",
  "routes/how-it-works.tsx": "How it works",
  "routes/pricing.tsx": "Pricing",
  "routes/contact.tsx": "Contact",
  "routes/about.tsx": "About",
  "routes/event-type.tsx": "Event types",
  "routes/legal.tsx": "Company",
  "routes/guides.tsx": "Guides",
  "routes/guide.tsx": "Guide",
};

/** The share card of a route-table path; the 404 page (no path) shares the home page's card. */
export function shareCardFor(path = "/"): ShareCard {
  const route = siteRoutes.find((r) => r.path === normalizePathname(path));
  if (!route) throw new Error(`${path} is not in the route table (app/config/paths.ts)`);
  const title = pageHeadFor(route.path).title;
  const section = sections[route.file] ?? siteConfig.name;
  return {
    image: `/og/${route.id}.png`,
    title,
    section,
    alt: `${siteConfig.name}: ${title}`,
  };
}
