// Head copy (title, description, keywords) for every public path, keyed by the route table's paths.
import { business, processingFeeLabel } from "../config/business";
import { type EventTypeSlug, type FeatureSlug, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { guideCentreHeadFor } from "./guide-centre";

export interface PageHead {
  title: string;
  description: string;
  keywords: readonly string[];
}

const eventTypeHeads: Record<EventTypeSlug, PageHead> = {
  "pop-up-markets": {
    title: "Pop-Up Market Vendor Management Software",
    description:
      "Run pop-up markets without the spreadsheet: vendor applications, booth maps and payments in one free organizer tool.",
    keywords: ["pop-up market software", "pop-up vendor management", "market booth booking"],
  },
  "farmers-markets": {
    title: "Farmers Market Vendor Management Software",
    description:
      "Collect farmers market vendor applications, assign stalls on a map and get paid online. Free for organizers.",
    keywords: ["farmers market software", "farmers market vendor applications", "stall assignment"],
  },
  "flea-markets": {
    title: "Flea Market Vendor Management Software",
    description:
      "Fill every flea market table: online applications, drag-and-drop table maps, vendor payments and reminders.",
    keywords: ["flea market software", "flea market vendor booking", "table rental management"],
  },
  "food-truck-rallies": {
    title: "Food Truck Rally Management Software",
    description:
      "Book food trucks for your rally: custom applications, spot maps, permits uploaded with the application, online payment.",
    keywords: [
      "food truck rally software",
      "food truck event management",
      "food truck applications",
    ],
  },
  "sneaker-expos": {
    title: "Sneaker Expo Vendor Management Software",
    description:
      "Sell sneaker expo tables online: vendors apply, pick a table on your floor plan and pay in one flow.",
    keywords: ["sneaker expo software", "sneaker convention vendors", "expo table booking"],
  },
  "vintage-antique-shows": {
    title: "Vintage and Antique Show Dealer Management",
    description:
      "Manage vintage and antique show dealers: applications with photos, booth maps with premium spots, online payments.",
    keywords: ["antique show software", "vintage market dealers", "dealer booth management"],
  },
  "comic-cons-fan-expos": {
    title: "Comic Con and Fan Expo Vendor Management",
    description:
      "Artist alley and exhibitor hall in one place: applications by category, table maps, payments and reminders.",
    keywords: ["comic con vendor software", "artist alley applications", "fan expo exhibitors"],
  },
  "health-wellness-markets": {
    title: "Health and Wellness Market Vendor Management",
    description:
      "Curate wellness market vendors with custom questions, assign booths on a map and collect fees online.",
    keywords: ["wellness market software", "holistic fair vendors", "wellness expo booths"],
  },
  "cultural-heritage-festivals": {
    title: "Cultural and Heritage Festival Vendor Management",
    description:
      "Bring food, craft and community vendors to your festival with one application, a festival map and online payment.",
    keywords: [
      "festival vendor management",
      "cultural festival vendors",
      "heritage festival booths",
    ],
  },
  "card-shows": {
    title: "Card Show Dealer Table Management Software",
    description:
      "Sell card show tables online: dealers pick tables on your map and pay, you see every table at a glance.",
    keywords: ["card show software", "trading card show tables", "dealer table booking"],
  },
  "art-fairs": {
    title: "Art Fair Artist Application and Booth Software",
    description:
      "Jury art fair applications with image uploads, assign booths on a map and collect booth fees online.",
    keywords: ["art fair software", "artist applications", "art fair booth assignment"],
  },
};

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
  [paths.home]: {
    title: "Vendor and Event Management for Organizers",
    description: `Applications, booth maps, payments and vendor emails for markets, shows and festivals. Free forever for organizers; set up in about ${business.setupMinutes} minutes.`,
    keywords: [
      "vendor management software",
      "event organizer software",
      "booth booking",
      "market vendors",
    ],
  },
  [paths.features]: {
    title: "Features for Market and Show Organizers",
    description:
      "Every organizer tool in one place: automated emails, interactive venue maps, custom application forms, payments, promo codes and event series.",
    keywords: ["vendor management features", "event organizer tools", "vendor portal"],
  },
  [paths.howItWorks]: {
    title: "How It Works: Three Ways to Accept Vendors",
    description:
      "Apply & Approve, Instant Approve & Pay, or Pick & Pay: choose how vendors join each event, compared side by side.",
    keywords: ["vendor acceptance", "apply and approve", "pick and pay booths"],
  },
  [paths.pricing]: {
    title: "Pricing: Free Forever for Organizers",
    description: `Free forever for organizers. Card processing is ${processingFeeLabel} per transaction, paid by the organizer; vendors pay a ${business.vendorPlatformFeePercent}% platform fee.`,
    keywords: ["event software pricing", "free vendor management", "booth payment fees"],
  },
  [paths.contact]: {
    title: "Contact Us",
    description: `Questions about running your event on ${siteConfig.name}? Send a message and we reply within ${business.replyWithinHours} hours.`,
    keywords: ["contact", "schedule a demo", "organizer support"],
  },
  [paths.about]: {
    title: "About Us",
    description:
      "Why we build vendor and event management for the organizers of markets, shows, expos and festivals.",
    keywords: ["about", "event organizer software company"],
  },
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
