// Copy of the 11 event-type pages (docs/product.md, "Routes"), keyed by slug; the page names come from navigation.
import { type EventTypeSlug, eventTypeSlugs, normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { claims, ctaLabels, paymentMethodsText } from "./common";
import { eventTypeNames } from "./navigation";

export interface EventTypeBenefit {
  title: string;
  body: string;
}

export interface EventTypePage {
  slug: EventTypeSlug;
  /** "Flea Markets": the page's name in the navigation. */
  name: string;
  badge: string;
  /** The page's <h1>. */
  headline: string;
  subline: string;
  /** Label of the primary call to action (to sign-up): "Start Your Flea Market". */
  ctaLabel: string;
  featuresTitle: string;
  features: readonly EventTypeBenefit[];
  letsGo: { title: string; body: string };
  /** Card shows link a sample event application page in the organizer app. */
  showSampleEvent: boolean;
  /** Flea markets and card shows show the two organizer testimonials. */
  showTestimonials: boolean;
}

type EventTypeCopy = Omit<
  EventTypePage,
  "slug" | "name" | "badge" | "showSampleEvent" | "showTestimonials" | "letsGo"
> & {
  /** What the organizer sets up: "flea market", "rally". */
  noun: string;
  letsGoTitle: string;
  showSampleEvent?: boolean;
  showTestimonials?: boolean;
};

const copy: Record<EventTypeSlug, EventTypeCopy> = {
  "pop-up-markets": {
    noun: "pop-up market",
    headline: "Fill your pop-up market without the inbox chaos",
    subline:
      "Vendors apply online, you pick the mix you want, and booths and payments sort themselves out. One place for every pop-up you run.",
    ctaLabel: "Start Your Market",
    featuresTitle: "Built for pop-up markets",
    features: [
      {
        title: "A better vendor mix",
        body: "Vendor categories keep jewelry, food and home goods apart, so you can balance your market before you approve anyone.",
      },
      {
        title: "Faster repeat applications",
        body: "Answers autofill on a vendor's later applications, so your regulars apply to the next pop-up in moments.",
      },
      {
        title: "A booth map for any venue",
        body: "Build a custom layout for the parking lot, brewery or hall you booked and drag vendors onto their booths.",
      },
      {
        title: "Payment without chasing",
        body: "Approved vendors get a payment link right away and a reminder before their payment window closes.",
      },
      {
        title: "A link for every event",
        body: "Give each pop-up its own custom event link to share on social media and in your newsletter.",
      },
      {
        title: "All your dates in one place",
        body: "An event listings page shows vendors every upcoming pop-up you're taking applications for.",
      },
    ],
    letsGoTitle: "Ready for your next pop-up?",
  },
  "farmers-markets": {
    noun: "market",
    headline: "Run your whole farmers market season from one place",
    subline:
      "One application covers the season: vendors choose their market days and pay per market, and you approve each date.",
    ctaLabel: "Start Your Market",
    featuresTitle: "Built for farmers markets",
    features: [
      {
        title: "One application per season",
        body: "Set up your market days as an event series. Vendors apply once, pick their dates and pay for each market they attend.",
      },
      {
        title: "Approve date by date",
        body: "Say yes to a grower for June and July and no for August, without a second application.",
      },
      {
        title: "Stall fees by category",
        body: "Charge produce, prepared food and craft vendors different stall fees with category-based booth fees.",
      },
      {
        title: "Documents with the application",
        body: "Ask for licences or insurance as file uploads, and make them required so no application arrives incomplete.",
      },
      {
        title: "A stall map for every market day",
        body: "Drag vendors onto stalls. Availability tracking stops you from giving the same stall away twice.",
      },
      {
        title: "Reminders that collect stall fees",
        body: "Payment reminders go out on their own before the payment window you set runs out.",
      },
    ],
    letsGoTitle: "Ready for market day?",
  },
  "flea-markets": {
    noun: "flea market",
    headline: "Fill every flea market table without the paperwork",
    subline:
      "Vendors apply or pick a table, pay online and know exactly where they're set up. You see every table at a glance.",
    ctaLabel: "Start Your Flea Market",
    featuresTitle: "Built for flea markets",
    features: [
      {
        title: "A table map you drag and drop",
        body: "Lay out your rows and aisles, then drag vendors onto tables. Open and taken tables are easy to tell apart.",
      },
      {
        title: "Let regulars pick and pay",
        body: "With Pick & Pay, vendors choose an open table and pay in one step. The table greys out for everyone else.",
      },
      {
        title: "Premium prices for the best spots",
        body: "Charge more for corner or entrance tables and offer different table sizes.",
      },
      {
        title: "Extras with limits",
        body: "Sell add-ons like an extra table, with inventory control so you never promise more than you have.",
      },
      {
        title: "Reminders that collect",
        body: "Approved vendors who haven't paid get a reminder before their payment window closes.",
      },
      {
        title: "Moves without mix-ups",
        body: "Reassign a vendor to another table and they're notified automatically.",
      },
    ],
    letsGoTitle: "Ready to fill your tables?",
    showTestimonials: true,
  },
  "food-truck-rallies": {
    noun: "rally",
    headline: "Book the right food trucks for your rally",
    subline:
      "Collect truck applications with menus and permits attached, place every truck on your site map and take payment online.",
    ctaLabel: "Start Your Rally",
    featuresTitle: "Built for food truck rallies",
    features: [
      {
        title: "Permits and menus up front",
        body: "Add file upload questions for permits, menus and photos, and mark them required.",
      },
      {
        title: "Balance your cuisines",
        body: "Sort applicants into categories like tacos, BBQ or desserts, each with its own fee if you want.",
      },
      {
        title: "Spots sized for trucks",
        body: "Use booth size variations for trucks and trailers of different lengths, on a layout that matches your lot.",
      },
      {
        title: "First come, first served",
        body: "Use Instant Approve & Pay: trucks pay when they apply and you assign spots later.",
      },
      {
        title: "Rallies that repeat",
        body: "Running every month? Make it a series: trucks apply once, pick their dates and pay per rally.",
      },
      {
        title: "A map hungry visitors can see",
        body: "Make your map public so visitors see which trucks are where, with each truck's website and socials beside its name.",
      },
    ],
    letsGoTitle: "Ready to roll?",
  },
  "sneaker-expos": {
    noun: "expo",
    headline: "Sell every table at your sneaker expo online",
    subline:
      "Vendors pick a table on your floor plan and pay in one flow. Sold tables grey out immediately, so nobody gets double-booked.",
    ctaLabel: "Start Your Expo",
    featuresTitle: "Built for sneaker expos",
    features: [
      {
        title: "Pick & Pay floor plan",
        body: "Vendors choose their table on your map and pay right away. You and they both get a confirmation email.",
      },
      {
        title: "Premium tables, premium prices",
        body: "Price entrance and corner tables higher and offer different table sizes.",
      },
      {
        title: "Socials next to every name",
        body: "Each vendor's website and social handles show beside their name on the map.",
      },
      {
        title: "Add-ons that can't oversell",
        body: "Offer extra tables or other add-ons with inventory control.",
      },
      {
        title: "Promo codes",
        body: "Reward returning vendors or early sign-ups with a promo code.",
      },
      {
        title: "The ways vendors like to pay",
        body: `Vendors can pay with ${paymentMethodsText}.`,
      },
    ],
    letsGoTitle: "Ready to open the doors?",
  },
  "vintage-antique-shows": {
    noun: "show",
    headline: "Curate your dealers, not your inbox",
    subline:
      "Review dealer applications with photos, put each dealer in the booth that suits them, and collect booth fees online.",
    ctaLabel: "Start Your Show",
    featuresTitle: "Built for vintage and antique shows",
    features: [
      {
        title: "Applications with photos",
        body: "Ask for photos of the dealer's pieces and booth with file upload questions.",
      },
      {
        title: "You approve every dealer",
        body: "With Apply & Approve you review each application; approval and rejection emails go out on their own.",
      },
      {
        title: "Fees by category",
        body: "Furniture, jewelry or ephemera: give each category its own booth fee.",
      },
      {
        title: "Booth sizes and premium spots",
        body: "Offer different booth sizes and charge more for the best positions on your map.",
      },
      {
        title: "Dealer booth preferences",
        body: "Dealers tell you where they'd like to be, and you place them with drag and drop.",
      },
      {
        title: "Returning dealers apply faster",
        body: "Answers autofill on later applications.",
      },
    ],
    letsGoTitle: "Ready for your next show?",
  },
  "comic-cons-fan-expos": {
    noun: "convention",
    headline: "Artist alley and exhibitor hall, handled in one place",
    subline:
      "Separate applications by category, review portfolios, map every table and collect payment before the doors open.",
    ctaLabel: "Start Your Convention",
    featuresTitle: "Built for comic cons and fan expos",
    features: [
      {
        title: "Categories with their own rules",
        body: "Artist alley, exhibitors and fan groups each get their own category and booth fee.",
      },
      {
        title: "Portfolios with the application",
        body: "Ask artists to upload samples of their work as part of the form.",
      },
      {
        title: "Approve or reject in one place",
        body: "Decisions trigger the approval or rejection email automatically.",
      },
      {
        title: "A time limit to pay",
        body: "Set how long approved artists have to pay. Reminders go out before the window closes.",
      },
      {
        title: "Tables on the map",
        body: "Drag artists and exhibitors onto tables and charge more for premium spots.",
      },
      {
        title: "Extras with inventory",
        body: "Sell add-ons such as an extra chair or table without overselling.",
      },
    ],
    letsGoTitle: "Ready for your convention?",
  },
  "health-wellness-markets": {
    noun: "market",
    headline: "A wellness market that's calm to run, not just to visit",
    subline:
      "Ask practitioners and makers the questions that matter, choose your mix, and let booth fees and reminders take care of themselves.",
    ctaLabel: "Start Your Market",
    featuresTitle: "Built for health and wellness markets",
    features: [
      {
        title: "Your own questions",
        body: "Text, dropdown, checkbox and file upload questions, each required or optional. Ask for certifications as uploads.",
      },
      {
        title: "Categories and their fees",
        body: "Practitioners, makers and food vendors can each have their own booth fee.",
      },
      {
        title: "A curated mix",
        body: "Approve or reject each application; the emails send themselves.",
      },
      {
        title: "Quiet corners where they belong",
        body: "Vendors share booth preferences and you place them on your venue map.",
      },
      {
        title: "Monthly markets as a series",
        body: "Vendors apply once, pick their dates and pay per market.",
      },
      {
        title: "A portal for vendors",
        body: "Vendors track their application status, upload documents and pay without emailing you.",
      },
    ],
    letsGoTitle: "Ready for your wellness market?",
  },
  "cultural-heritage-festivals": {
    noun: "festival",
    headline: "Bring food, craft and community vendors together for your festival",
    subline:
      "One application for every kind of vendor, a festival map you can share with visitors, and payments collected online.",
    ctaLabel: "Start Your Festival",
    featuresTitle: "Built for cultural and heritage festivals",
    features: [
      {
        title: "Every vendor type, one form",
        body: "Food, crafts and community groups each get their own category and booth fee.",
      },
      {
        title: "Multi-day festivals",
        body: "Set your festival days as a series: vendors pick the days they'll attend and pay per day.",
      },
      {
        title: "A festival map for visitors",
        body: "Switch your map to public and visitors can see who is where.",
      },
      {
        title: "Promo codes for partners",
        body: "Give sponsors or community partners a promo code for their booth.",
      },
      {
        title: "Emails that keep everyone informed",
        body: "Approvals, rejections and payment reminders go out automatically; you can send your own messages too.",
      },
      {
        title: "Cancellations handled",
        body: "Cancel a paid vendor and refund them through your payment provider account.",
      },
    ],
    letsGoTitle: "Ready for your festival?",
  },
  "card-shows": {
    noun: "show",
    headline: "Sell card show tables online and see every table at a glance",
    subline:
      "Dealers pick a table on your map and pay in one step. Sold tables grey out automatically: no double-booking, no spreadsheet.",
    ctaLabel: "Start Your Show",
    featuresTitle: "Built for card shows",
    features: [
      {
        title: "Pick & Pay tables",
        body: "Dealers choose an open table and pay right away. The table is marked taken and both of you get a confirmation email.",
      },
      {
        title: "Premium tables by the door",
        body: "Charge more for entrance and corner tables, and offer single or double tables with booth size variations.",
      },
      {
        title: "Dealers' socials on the map",
        body: "Each dealer's website and socials show beside their name, so collectors can look them up.",
      },
      {
        title: "Extra tables without overselling",
        body: "Sell add-ons with inventory control.",
      },
      {
        title: "Monthly shows as a series",
        body: "Dealers apply once, pick the shows they want and pay per show.",
      },
      {
        title: "Every dealer at a glance",
        body: "Your dashboard shows each dealer's status, payment and social links.",
      },
    ],
    letsGoTitle: "Ready for your next card show?",
    showSampleEvent: true,
    showTestimonials: true,
  },
  "art-fairs": {
    noun: "art fair",
    headline: "Jury your art fair applications in one place",
    subline:
      "Artists apply with images of their work, you approve or reject, and accepted artists get a payment link automatically.",
    ctaLabel: "Start Your Art Fair",
    featuresTitle: "Built for art fairs",
    features: [
      {
        title: "Images with every application",
        body: "Ask for images of the artist's work and booth as file uploads.",
      },
      {
        title: "Mediums as categories",
        body: "Painting, ceramics, jewelry: each medium can be its own category with its own booth fee.",
      },
      {
        title: "Acceptance and rejection emails",
        body: "Your decision sends the right email, with a payment link for accepted artists.",
      },
      {
        title: "A deadline to pay",
        body: "Set the payment window; reminders go out before it closes.",
      },
      {
        title: "Booths to fit the work",
        body: "Offer different booth sizes, price corner booths higher and note artists' booth preferences.",
      },
      {
        title: "A public map of artists",
        body: "Publish your map with each artist's website and socials beside their name.",
      },
    ],
    letsGoTitle: "Ready for your art fair?",
  },
};

export const eventTypePages: Record<EventTypeSlug, EventTypePage> = Object.fromEntries(
  eventTypeSlugs.map((slug) => {
    const { noun, letsGoTitle, showSampleEvent, showTestimonials, ...page } = copy[slug];
    const name = eventTypeNames[slug];
    return [
      slug,
      {
        ...page,
        slug,
        name,
        badge: `For ${name}`,
        letsGo: {
          title: letsGoTitle,
          body: `Set up your ${noun} in ${claims.setupTime}. ${siteConfig.name} is free forever for organizers, and we set up your first venue map for you.`,
        },
        showSampleEvent: showSampleEvent ?? false,
        showTestimonials: showTestimonials ?? false,
      } satisfies EventTypePage,
    ];
  }),
) as Record<EventTypeSlug, EventTypePage>;

/** The event-type page of a location path; throws for a path that is not one (a build error). */
export function eventTypePageFor(pathname: string): EventTypePage {
  const path = normalizePathname(pathname);
  const slug = eventTypeSlugs.find((s) => paths.eventType(s) === path);
  if (!slug) throw new Error(`${pathname} is not an event-type page`);
  return eventTypePages[slug];
}

export const eventTypeActions = {
  scheduleDemo: { label: ctaLabels.scheduleDemo, to: paths.contact },
  sampleEvent: { label: ctaLabels.sampleEvent, href: siteConfig.appLinks.sampleEvent },
  letsGo: { label: ctaLabels.letsGo, href: siteConfig.appLinks.signUp },
  signUp: siteConfig.appLinks.signUp,
} as const;
