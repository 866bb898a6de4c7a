// Head copy (title, description, keywords) for every public path, keyed by the route table's paths.
import { business } from "../config/business";
import { type EventTypeSlug, type FeatureSlug, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { guideCentreHeadFor } from "./guide-centre";
import { aboutPage, eventTypeEntries, homePage, howItWorksPage, pricingPage } from "./store";

export interface PageHead {
  title: string;
  description: string;
  keywords: readonly string[];
}

const eventTypeHeads: Record<EventTypeSlug, PageHead> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ eventTypeEntries.map((entry) => [entry.slug, entry.head]),
);

const featureHeads: Record<FeatureSlug, PageHead> = {
  "automated-messaging": {
    title: "Automated Vendor Emails and Payment Reminders",
    description:
      "Approval, rejection and payment-reminder emails that send themselves, plus custom messages and a payment window you set.",
    keywords: ["vendor email automation", "payment reminders", "approval emails"],
  },
  "interactive-venue-mapping": {
    title: "Interactive Venue Map and Booth Assignment",
    description:
      "Drag vendors onto booths, price premium spots, stop overbooking and let vendors book their own space.",
    keywords: ["venue map software", "booth assignment", "floor plan booking"],
  },
  "custom-vendor-categories": {
    title: "Custom Vendor Application Forms and Categories",
    description:
      "Build vendor application forms with categories, custom questions, file uploads and category-based booth fees.",
    keywords: ["vendor application form", "vendor categories", "booth fees by category"],
  },
};

const pageHeadsByPath: Record<string, PageHead> = {
  [paths.home]: homePage.head,
  [paths.features]: {
    title: "Features for Market and Show Organizers",
    description:
      "Every organizer tool in one place: automated emails, interactive venue maps, custom application forms, payments, promo codes and event series.",
    keywords: ["vendor management features", "event organizer tools", "vendor portal"],
  },
  [paths.howItWorks]: howItWorksPage.head,
  [paths.pricing]: pricingPage.head,
  [paths.contact]: {
    title: "Contact Us",
    description: `Questions about running your event on ${siteConfig.name}? Send a message and we reply within ${business.replyWithinHours} hours.`,
    keywords: ["contact", "schedule a demo", "organizer support"],
  },
  [paths.about]: aboutPage.head,
  [paths.privacyPolicy]: {
    title: "Privacy Policy",
    description: "What we collect, why we collect it and the choices you have.",
    keywords: ["privacy policy"],
  },
  [paths.termsService]: {
    title: "Terms of Service",
    description: "The terms that govern the use of the platform by organizers and vendors.",
    keywords: ["terms of service"],
  },
  [paths.security]: {
    title: "Security",
    description: "How we protect organizer and vendor data and payments.",
    keywords: ["security", "data protection", "payment security"],
  },
  [paths.cookies]: {
    title: "Cookie Policy",
    description: "What this site stores in your browser and why.",
    keywords: ["cookie policy", "browser storage"],
  },
  [paths.press]: {
    title: "Press",
    description: "Press resources and the contact for media enquiries.",
    keywords: ["press", "media kit", "media contact"],
  },
  [paths.careers]: {
    title: "Careers",
    description: "Help organizers run better markets, shows and festivals. Work with us.",
    keywords: ["careers", "jobs"],
  },
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
