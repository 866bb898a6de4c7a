// Names and one-line summaries of the three feature pages, shared by the pages, the overview and home.
import { type FeatureSlug, featureSlugs, paths } from "../config/paths";

export const featureNames: Record<FeatureSlug, string> = {
  "automated-messaging": "Automated Messaging",
  "interactive-venue-mapping": "Interactive Venue Mapping",
  "custom-vendor-categories": "Custom Vendor Categories",
};

export const featureSummaries: Record<FeatureSlug, string> = {
  "automated-messaging":
    "Approval, rejection and payment-reminder emails go out on their own, inside a payment window you set.",
  "interactive-venue-mapping":
    "Drag vendors onto booths, price premium spots, stop double-booking and let vendors pick and pay for their own spot.",
  "custom-vendor-categories":
    "Application forms with vendor categories, your own questions, file uploads and booth fees by category.",
};

export const featureLinks = featureSlugs.map((slug) => ({
  slug,
  label: featureNames[slug],
  summary: featureSummaries[slug],
  to: paths.feature(slug),
}));
