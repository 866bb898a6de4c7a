// Phrases several pages share: the buttons and the closing call to action, read from content/site.yaml.
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { siteTexts } from "./store";

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

// Built in calls marked pure, as in navigation.ts: a bundle that imports this module for none of them leaves
// the texts out.
export const ctaLabels = /* @__PURE__ */ ctaLabelsOf(siteTexts);
export const closingCta = /* @__PURE__ */ closingCtaOf(siteTexts);
/** Under a table that scrolls sideways on a narrow screen (ScrollRegion). */
export const scrollHint = /* @__PURE__ */ scrollHintOf(siteTexts);
