// Names and summaries of the feature pages (content/features/), shared by the pages, home and the share cards.
import { type FeatureSlug, paths } from "../config/paths";
import { fillIn } from "./fill-in";
import { featureEntries, siteTexts } from "./store";

export const featureNames: Readonly<Record<FeatureSlug, string | undefined>> =
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ featureEntries.map((entry) => [entry.slug, entry.name]),
  );

/** The feature pages in their order, as the cards that link them show them. */
export const featureLinks = /* @__PURE__ */ featureEntries.map((entry) => ({
  slug: entry.slug,
  label: entry.name,
  summary: entry.summary,
  to: paths.feature(entry.slug),
}));

/** The link of a feature page's card: "Explore Automated Messaging" (content/site.yaml). */
export const exploreLabel = (name: string): string =>
  fillIn(siteTexts.exploreFeature, { feature: name });
