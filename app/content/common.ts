// Phrases several pages share: the buttons and the closing call to action (content/site.yaml), the fee example.
import { business } from "../config/business";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { feesFor, formatUsd } from "../lib/fees";
import { siteTexts } from "./store";

/** The booth price of the one worked example the fee copy gives (the calculator's default): $100. */
const exampleBooth = feesFor(10_000, 1);

/**
 * What the processing fee is taken on, with a worked example: the vendor's whole payment (booth price plus
 * platform fee), never the booth price alone.
 */
export const processingFeeBase = {
  short: "on the vendor's whole payment (booth price plus platform fee)",
  example: `On a ${formatUsd(exampleBooth.boothCents)} booth the vendor pays ${formatUsd(exampleBooth.vendorPaysCents)} (${formatUsd(exampleBooth.boothCents)} plus the ${formatUsd(exampleBooth.platformFeeCents)} platform fee); processing on ${formatUsd(exampleBooth.vendorPaysCents)} is ${formatUsd(exampleBooth.processingFeeCents)}, so you receive ${formatUsd(exampleBooth.organizerReceivesCents)}.`,
} as const;

export const claims = {
  setupTime: `about ${business.setupMinutes} minutes`,
} as const;

type SiteTexts = typeof siteTexts;

function ctaLabelsOf({ header, buttons }: SiteTexts) {
  return { signUp: header.signUp, ...buttons };
}

/** The closing call to action most pages end with. */
function closingCtaOf(texts: SiteTexts) {
  const labels = ctaLabelsOf(texts);
  return {
    ...texts.closing,
    primary: { label: labels.signUp, href: siteConfig.appLinks.signUp },
    secondary: { label: labels.contact, to: paths.contact },
  };
}

const scrollHintOf = (texts: SiteTexts): string => texts.scrollHint;

// Built in calls marked pure: the fee calculator's island imports this module for the fee example alone.
export const ctaLabels = /* @__PURE__ */ ctaLabelsOf(siteTexts);
export const closingCta = /* @__PURE__ */ closingCtaOf(siteTexts);
/** Under a table that scrolls sideways on a narrow screen (ScrollRegion). */
export const scrollHint = /* @__PURE__ */ scrollHintOf(siteTexts);
