// Phrases several pages share: the call-to-action labels and the recurring claims, built from config.
import { business } from "../config/business";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { feesFor, formatUsd } from "../lib/fees";
import { headerNav } from "./navigation";

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

export const ctaLabels = {
  signUp: headerNav.signUp.label,
  watchDemo: "Watch the Demo",
  playDemo: "Play the demo video",
  scheduleDemo: "Schedule Demo",
  letsGo: "Let's Go",
  sampleEvent: "Sample Event Page",
  contact: "Contact Us",
  allFeatures: "See All Features",
  howItWorks: "See How It Works",
  pricing: "See Pricing",
} as const;

/** The closing call to action most pages end with. */
export const closingCta = {
  title: `Your next event, set up in ${claims.setupTime}`,
  body: `${siteConfig.name} is free forever for organizers, and our team sets up your first venue map for you. Start today, or ask us anything first.`,
  primary: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
  secondary: { label: ctaLabels.contact, to: paths.contact },
} as const;

/** Under a table that scrolls sideways on a narrow screen (ScrollRegion). */
export const scrollHint = "Scroll sideways to see the whole table.";
