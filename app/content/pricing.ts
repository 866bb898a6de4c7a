// Copy of /pricing: the organizer price, fees, payouts and payment methods (docs/product.md, "Business constants").
import { business, payoutsSentence } from "../config/business";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { claims, ctaLabels, priceLabels, processingFeeBase } from "./common";

export interface PriceCard {
  id: string;
  audience: string;
  price: string;
  unit: string;
  summary: string;
  points: readonly string[];
  highlighted?: boolean;
}

/** The organizers' card: shown first on /pricing, and the free Offer of its structured data. */
export const organizersPriceCard = {
  id: "organizers",
  audience: "Organizers",
  price: priceLabels.organizerPrice,
  unit: "forever",
  summary: `Everything you need to run your events, set up in ${claims.setupTime}.`,
  points: [
    "Applications, venue maps, emails and payments",
    `${claims.firstMapFree}`,
    `${capitalize(priceLabels.payouts)} payouts`,
  ],
  highlighted: true,
} satisfies PriceCard;

export const pricingCopy = {
  hero: {
    badge: "Pricing",
    title: "Free forever for organizers",
    subline: `${siteConfig.name} costs organizers ${priceLabels.organizerPrice}, forever. You pay card processing on the payments you collect, and vendors pay a platform fee.`,
  },
  cards: {
    title: "What it costs, and who pays",
    intro: "Three numbers to know, and who pays each one.",
    items: [
      organizersPriceCard,
      {
        id: "processing",
        audience: "Payment processing",
        price: priceLabels.processingFee,
        unit: "per transaction",
        summary: `The payment provider's processing fee, paid by the ${business.processingFee.paidBy}, ${processingFeeBase.short}.`,
        points: ["Charged per transaction, only when a vendor pays", processingFeeBase.example],
      },
      {
        id: "vendors",
        audience: "Vendors",
        price: priceLabels.vendorFee,
        unit: "platform fee",
        summary: "Paid by vendors, not by you.",
        points: ["Paid with the booth fee, when the vendor pays"],
      },
    ] satisfies readonly PriceCard[],
  },
  payments: {
    title: "Getting paid",
    intro: "Vendors pay online; the money goes to you.",
    payoutsTitle: `${capitalize(priceLabels.payouts)} payouts`,
    payoutsBody: `Money from vendor payments is paid out to you. ${payoutsSentence}`,
    methodsTitle: "Ways vendors can pay for their booth",
    methods: business.paymentMethods,
    approvalTitle: "When vendors pay",
    approvalBody: `${claims.cardAfterApproval}. ${claims.payAtBooking}.`,
  },
  setup: {
    title: "Your first venue map is on us",
    body: `${claims.firstMapFree}. Setup takes ${claims.setupTime}; our team does the map.`,
  },
  cta: {
    title: "Start free today",
    body: `Free forever for organizers. Set up your first event in ${claims.setupTime}.`,
    primary: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
    secondary: { label: ctaLabels.contact, to: paths.contact },
  },
} as const;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
