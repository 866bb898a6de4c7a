// Copy of /features: every claim of docs/product.md ("Claims"), grouped, linking to the three feature pages.
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { claims, ctaLabels, paymentMethodsText } from "./common";
import { featureNames, featureSummaries } from "./feature-names";

export interface OverviewItem {
  title: string;
  body: string;
  link?: { label: string; to: string };
}

export interface OverviewGroup {
  id: string;
  title: string;
  intro: string;
  items: readonly OverviewItem[];
}

const learnMore = (slug: keyof typeof featureNames) => ({
  label: `More about ${featureNames[slug]}`,
  to: paths.feature(slug),
});

export const featuresOverview = {
  hero: {
    badge: "Features",
    title: "Every tool an organizer needs",
    subline: `From the first application to the last payment, forms, maps, emails and payments work together in ${siteConfig.name}. Nothing lives in a spreadsheet.`,
  },
  groups: [
    {
      id: "messaging",
      title: "Vendor messaging",
      intro: "The emails you used to write by hand go out on their own.",
      items: [
        {
          title: featureNames["automated-messaging"],
          body: `${featureSummaries["automated-messaging"]} Send custom messages whenever you need to; every email goes out immediately.`,
          link: learnMore("automated-messaging"),
        },
        {
          title: "Reassignment notices",
          body: "Move a vendor to another spot and they're notified automatically.",
        },
      ],
    },
    {
      id: "venue-map",
      title: "Venue map and booths",
      intro: "See every booth, who has it and what's still open.",
      items: [
        {
          title: featureNames["interactive-venue-mapping"],
          body: "Drag-and-drop assignment, custom layouts, booth sizes with premium pricing, vendor booth preferences and self-service booking. Vendors' websites and socials show beside their names.",
          link: learnMore("interactive-venue-mapping"),
        },
        {
          title: "Booth inventory",
          body: "Set how many booths of each type you have. Availability tracking prevents overbooking, and a booth type closes when it sells out for a date.",
        },
        {
          title: "Public venue map",
          body: "One toggle makes your map public, showing attendees the assigned and available spots.",
        },
      ],
    },
    {
      id: "applications",
      title: "Application forms and categories",
      intro: "Ask the right questions once, and get complete applications back.",
      items: [
        {
          title: featureNames["custom-vendor-categories"],
          body: "Vendor categories and custom questions (text, dropdown, checkbox and file upload), each required or optional. Answers autofill on later applications, and each category can have its own booth fee.",
          link: learnMore("custom-vendor-categories"),
        },
        {
          title: "Application fees",
          body: "Charge vendors a fee to apply, separate from the booth fee.",
        },
      ],
    },
    {
      id: "portal-dashboard",
      title: "Vendor portal and organizer dashboard",
      intro: "Vendors serve themselves; you see everything in one place.",
      items: [
        {
          title: "Vendor portal",
          body: "Vendors apply, upload documents, track the status of their application and pay, without emailing you.",
        },
        {
          title: "Organizer dashboard",
          body: "Every vendor's status, payments and social links at a glance.",
        },
      ],
    },
    {
      id: "payments",
      title: "Payments",
      intro: "Get paid online and stop collecting booth fees by hand.",
      items: [
        {
          title: "Online payments",
          body: `Vendors pay with ${paymentMethodsText}. ${claims.cardAfterApproval}; ${claims.payAtBooking.charAt(0).toLowerCase()}${claims.payAtBooking.slice(1)}.`,
          link: { label: "See pricing and fees", to: paths.pricing },
        },
        {
          title: "Promo codes",
          body: "Create promo codes for returning vendors, partners or early sign-ups.",
        },
        {
          title: "Add-ons with inventory",
          body: "Sell extras such as an additional table alongside the booth, with inventory control so you never sell more than you have.",
        },
        {
          title: "Cancel and refund",
          body: "Cancel a paid vendor and refund them through your payment provider account.",
        },
      ],
    },
    {
      id: "events",
      title: "Events and series",
      intro: "One event or a whole season, set up the same way.",
      items: [
        {
          title: "Event series",
          body: "One application for the whole series: vendors pick their dates and pay per event, and you approve each date.",
        },
        {
          title: "Custom event links",
          body: "Give each event its own link to share on social media, your website or in emails.",
        },
        {
          title: "Event listings page",
          body: "An event listings page shows your events in one place, so vendors can find the next one.",
        },
        {
          title: "Three ways to accept vendors",
          body: "Apply & Approve, Instant Approve & Pay or Pick & Pay: each event can use any of them.",
          link: { label: ctaLabels.howItWorks, to: paths.howItWorks },
        },
      ],
    },
  ] satisfies readonly OverviewGroup[],
} as const;
