// Head copy (title, description, keywords) for every public path, keyed by the route table's paths.
import { type EventTypeSlug, type FeatureSlug, paths } from "../config/paths";
import { guideCentreHeadFor } from "./guide-centre";
import {
  aboutPage,
  contactPage,
  eventTypeEntries,
  featureEntries,
  featuresPage,
  homePage,
  howItWorksPage,
  legalEntries,
  pricingPage,
} from "./store";

export interface PageHead {
  title: string;
  description: string;
  keywords: readonly string[];
}

const eventTypeHeads: Record<EventTypeSlug, PageHead> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ eventTypeEntries.map((entry) => [entry.slug, entry.head]),
);

const featureHeads: Record<FeatureSlug, PageHead> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ featureEntries.map((entry) => [entry.slug, entry.head]),
);

const pageHeadsByPath: Record<string, PageHead> = {
  [paths.home]: homePage.head,
  [paths.features]: featuresPage.head,
  [paths.howItWorks]: howItWorksPage.head,
  [paths.pricing]: pricingPage.head,
  [paths.contact]: contactPage.head,
  [paths.about]: aboutPage.head,
  [paths.privacyPolicy]: legalEntries.privacyPolicy.head,
  [paths.termsService]: legalEntries.termsService.head,
  [paths.security]: legalEntries.security.head,
  [paths.cookies]: legalEntries.cookies.head,
  [paths.press]: legalEntries.press.head,
  [paths.careers]: legalEntries.careers.head,
  ...Object.fromEntries(
    Object.entries(eventTypeHeads).map(([slug, head]) => [
      paths.eventType(slug as EventTypeSlug),
      head,
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(featureHeads).map(([slug, head]) => [paths.feature(slug as FeatureSlug), head]),
  ),
};

/** The head copy of a route-table path; throws at build time for a path without copy. */
export function pageHeadFor(path: string): PageHead {
  const head = pageHeadsByPath[path] ?? guideCentreHeadFor(path);
  if (!head) throw new Error(`No head copy for ${path}: add it to app/content/page-heads.ts`);
  return head;
}
