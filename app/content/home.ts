// Copy of the home page: hero, demo, features grid, acceptance models, social proof, closing call to action.
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { claims, ctaLabels } from "./common";
import { featureLinks } from "./feature-names";

export const homeCopy = {
  hero: {
    badge: "For markets, shows, expos and festivals",
    title: "Fill every booth and get paid, without the spreadsheet",
    subline: `Vendors apply, pay and get their spot online while ${siteConfig.name} sends the emails. Free forever for organizers, and setup takes ${claims.setupTime}.`,
    primary: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
    secondary: { label: ctaLabels.watchDemo, href: siteConfig.videos.demo },
    note: `${claims.firstMapFree}.`,
  },
  demo: {
    title: `See ${siteConfig.name} in action`,
    intro: `Watch the demo for a walk through the organizer side of ${siteConfig.name}.`,
    playLabel: ctaLabels.playDemo,
    frameTitle: `${siteConfig.name} demo video`,
    posterTitle:
      "Illustration of a card show's venue map: dealer tables in numbered rows, open, premium and taken",
  },
  features: {
    title: "Everything between “vendors wanted” and opening day",
    intro: "Three tools do the heavy lifting. The rest of the list is on the features page.",
    items: featureLinks.map((feature) => ({
      title: feature.label,
      body: feature.summary,
      link: { label: `Explore ${feature.label}`, to: feature.to },
    })),
    alsoTitle: "Also included",
    also: [
      "Vendor portal for applications, documents, status and payment",
      "Organizer dashboard with every vendor's status and payments",
      "Promo codes, application fees and add-ons with inventory",
      "Event series: one application, vendors pick their dates",
      "Public venue map for attendees",
      "Cancel and refund a paid vendor",
    ],
    allLink: { label: ctaLabels.allFeatures, to: paths.features },
  },
  models: {
    title: "Accept vendors your way",
    intro: "Each event can use any of three models.",
    items: [
      {
        title: "Apply & Approve",
        body: "Vendors apply, you approve, and they get a payment link.",
      },
      {
        title: "Instant Approve & Pay",
        body: "Vendors pay when they apply; you assign spots later.",
      },
      {
        title: "Pick & Pay",
        body: "Vendors pick a spot on your map and pay. The spot greys out for everyone else.",
      },
    ],
    link: { label: ctaLabels.howItWorks, to: paths.howItWorks },
  },
  proof: {
    title: "Made for the events organizers actually run",
    intro: "Markets, shows, expos and festivals, each with its own page:",
  },
  testimonialsTitle: "What organizers say",
} as const;
