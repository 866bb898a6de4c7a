// Copy of the three feature pages (docs/product.md, "Routes"), keyed by slug.
import { type FeatureSlug, featureSlugs, normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { claims, ctaLabels } from "./common";
import { featureNames } from "./feature-names";

export interface FeaturePoint {
  title: string;
  body: string;
}

export interface FeaturePage {
  slug: FeatureSlug;
  name: string;
  /** The page's <h1>. */
  headline: string;
  subline: string;
  highlightsTitle: string;
  highlights: readonly FeaturePoint[];
  /** A second section: numbered steps or a list of named items. */
  detail?: {
    title: string;
    intro: string;
    kind: "steps" | "terms";
    items: readonly FeaturePoint[];
  };
  /** The product picture under the hero (app/components/product/). */
  picture: "email" | "venue-map" | "form-builder";
  video?: { label: string; href: string };
  note?: string;
}

const pages: Record<FeatureSlug, Omit<FeaturePage, "slug" | "name">> = {
  "automated-messaging": {
    picture: "email",
    headline: "Vendor emails that send themselves",
    subline:
      "Approval, rejection and payment-reminder emails go out the moment they're due, so you stop copy-pasting and chasing payments.",
    highlightsTitle: "What goes out on its own",
    highlights: [
      {
        title: "Approval emails",
        body: "Approve an application and the vendor gets an approval email with their payment link straight away.",
      },
      {
        title: "Rejection emails",
        body: "Turn an application down and a polite rejection email goes out. Write it once, reuse it every time.",
      },
      {
        title: "Payment reminders",
        body: "Approved vendors who haven't paid yet get a reminder before their payment window closes.",
      },
      {
        title: "A payment window you set",
        body: "Decide how long approved vendors have to pay after approval.",
      },
      {
        title: "Custom messages",
        body: "Write your own message when you need to share load-in times, parking or a change of plan.",
      },
      {
        title: "Sent immediately",
        body: "Emails go out as soon as you act. No batches, no waiting.",
      },
      {
        title: "Reassignment notices",
        body: "Move a vendor to another spot and they're told automatically.",
      },
    ],
    detail: {
      title: "What a vendor receives, step by step",
      intro: "With Apply & Approve, every step of the application has its email.",
      kind: "steps",
      items: [
        { title: "Application", body: "The vendor applies with your form." },
        {
          title: "Decision",
          body: "You approve or reject it, and the matching email goes out immediately.",
        },
        {
          title: "Payment link",
          body: "Approved vendors get a payment link and the payment window you set.",
        },
        {
          title: "Reminder",
          body: "Vendors who haven't paid get a reminder before the window closes.",
        },
        { title: "Receipt", body: "Once the vendor pays, they get a notification and receipt." },
        {
          title: "Spot changes",
          body: "If you move them to another spot later, they're notified.",
        },
      ],
    },
  },
  "interactive-venue-mapping": {
    headline: "Drag, drop and sell every booth",
    subline:
      "Lay out your venue, assign vendors with drag and drop, and let vendors book their own spot, without ever double-booking.",
    highlightsTitle: "Everything your map does",
    highlights: [
      {
        title: "Drag-and-drop assignment",
        body: "Drag a vendor onto a booth or table. That's the whole job.",
      },
      {
        title: "Custom layouts",
        body: "Match your real venue: a hall, a field, a parking lot or a street.",
      },
      {
        title: "Booth sizes and premium pricing",
        body: "Offer different booth sizes and charge more for corners, entrances and other prime spots.",
      },
      {
        title: "No overbooking",
        body: "Availability tracking knows which spots are taken, so a spot can't be sold twice.",
      },
      {
        title: "Vendor booth preferences",
        body: "Vendors tell you where they'd like to be. You decide.",
      },
      {
        title: "Self-service booking",
        body: "With Pick & Pay, vendors choose an open spot and pay for it. It greys out for everyone else right away.",
      },
      {
        title: "Websites and socials beside names",
        body: "Each vendor's website and social links show next to their name on the map.",
      },
      {
        title: "A public map in one click",
        body: "Turn on the public map toggle and visitors see assigned and available spots.",
      },
    ],
    picture: "venue-map",
    video: {
      label: "Watch the venue map how-to video",
      href: siteConfig.videos.venueMapHowTo,
    },
    note: `${claims.firstMapFree}.`,
  },
  "custom-vendor-categories": {
    picture: "form-builder",
    headline: "Application forms that fit your vendors",
    subline:
      "Create vendor categories, ask exactly the questions you need, and charge each category its own booth fee.",
    highlightsTitle: "Your form, your rules",
    highlights: [
      {
        title: "Vendor categories",
        body: "Group applicants by what they bring: food, crafts, artists, sponsors, whatever your event needs.",
      },
      {
        title: "Custom questions",
        body: "Add your own questions to the application form instead of asking by email later.",
      },
      {
        title: "Required or optional",
        body: "Make each question required or optional, so applications arrive complete.",
      },
      {
        title: "Autofill on later applications",
        body: "Vendors' answers fill in on their next application, so returning vendors apply faster.",
      },
      {
        title: "Category-based booth fees",
        body: "Each category can have its own booth fee: charge food vendors one price and crafters another.",
      },
      {
        title: "Application fees",
        body: "Charge an application fee when you want one.",
      },
    ],
    detail: {
      title: "Four question types",
      intro: "Mix them freely on one form.",
      kind: "terms",
      items: [
        {
          title: "Text",
          body: "Business name, product description, anything in the vendor's words.",
        },
        { title: "Dropdown", body: "One answer from a list you set, like a booth size." },
        { title: "Checkbox", body: "Yes-or-no answers and confirmations." },
        { title: "File upload", body: "Permits, insurance certificates, photos of products." },
      ],
    },
  },
};

export const featurePages: Record<FeatureSlug, FeaturePage> = Object.fromEntries(
  featureSlugs.map((slug) => [slug, { ...pages[slug], slug, name: featureNames[slug] }]),
) as Record<FeatureSlug, FeaturePage>;

/** The feature page of a location path; throws for a path that is not one (a build error). */
export function featurePageFor(pathname: string): FeaturePage {
  const path = normalizePathname(pathname);
  const slug = featureSlugs.find((s) => paths.feature(s) === path);
  if (!slug) throw new Error(`${pathname} is not a feature page`);
  return featurePages[slug];
}

export const featurePageNav = {
  back: { label: "Back to Features", to: paths.features },
  all: { label: "View All Features", to: paths.features },
  moreTitle: "More features",
  moreIntro: "The tools that work alongside this one.",
  signUp: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
} as const;
