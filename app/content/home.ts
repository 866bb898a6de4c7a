// Copy of the home page, read from content/pages/home.yaml; the buttons, links and feature cards come from config.
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { ctaLabels } from "./common";
import { exploreLabel, featureLinks } from "./feature-names";
import { homePage } from "./store";

const { hero, demo, features, models, proof, testimonialsTitle } = homePage;

export const homeCopy = {
  hero: {
    ...hero,
    primary: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
    secondary: { label: ctaLabels.watchDemo, href: siteConfig.videos.demo },
  },
  demo: { ...demo, playLabel: ctaLabels.playDemo },
  features: {
    ...features,
    items: featureLinks.map((feature) => ({
      title: feature.label,
      body: feature.summary,
      link: { label: exploreLabel(feature.label), to: feature.to },
    })),
    allLink: { label: ctaLabels.allFeatures, to: paths.features },
  },
  models: { ...models, link: { label: ctaLabels.howItWorks, to: paths.howItWorks } },
  proof,
  testimonialsTitle,
};
