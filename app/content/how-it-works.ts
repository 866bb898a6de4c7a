// Copy of /how-it-works: the three acceptance models (docs/product.md, "Acceptance models"), their comparison and the FAQ.
import { business } from "../config/business";
import { siteConfig } from "../config/site";
import { claims, paymentMethodsText, priceLabels, processingFeeBase } from "./common";

export interface AcceptanceModel {
  id: string;
  name: string;
  summary: string;
  bestFor: string;
  steps: readonly string[];
}

export const acceptanceModels: readonly AcceptanceModel[] = [
  {
    id: "apply-approve",
    name: "Apply & Approve",
    summary: "You review every application before anyone pays.",
    bestFor: "Best when you curate your vendor mix.",
    steps: [
      "The vendor applies with your application form.",
      "You approve or reject the application yourself.",
      "Approved vendors get a payment link and pay within the payment window you set.",
      "If you like, you assign their spot on the venue map.",
    ],
  },
  {
    id: "instant-approve-pay",
    name: "Instant Approve & Pay",
    summary: "Vendors pay when they apply; no waiting for a decision.",
    bestFor: "Best for first come, first served events where you place vendors yourself.",
    steps: [
      "The vendor applies with your application form.",
      "They pay when they submit it.",
      "You assign their spot later.",
    ],
  },
  {
    id: "pick-pay",
    name: "Pick & Pay",
    summary: "Vendors choose their own spot on your map and pay for it.",
    bestFor: "Best when vendors care where they stand.",
    steps: [
      "The vendor picks an open spot on your venue map.",
      "They pay automatically.",
      "The spot is marked taken and greyed out for everyone else.",
      "You and the vendor both get a confirmation email.",
    ],
  },
];

export interface ComparisonRow {
  aspect: string;
  /** One cell per acceptance model, in the order of acceptanceModels. */
  cells: readonly [string, string, string];
}

export const comparison = {
  title: "The three models side by side",
  caption: "How Apply & Approve, Instant Approve & Pay and Pick & Pay compare",
  aspectHeader: "Question",
  rows: [
    {
      aspect: "Who approves the vendor?",
      cells: [
        "You, by hand",
        "No manual review: paying approves the application",
        "No manual review: paying books the spot",
      ],
    },
    {
      aspect: "When does the vendor pay?",
      cells: [
        "After approval, through the payment link, within your payment window",
        "When they submit the application",
        "Right after picking a spot",
      ],
    },
    {
      aspect: "When is the spot assigned?",
      cells: [
        "Optional: you assign it on the map after approval",
        "Later, by you",
        "Immediately: the spot they picked is marked taken",
      ],
    },
    {
      aspect: "Does the vendor pick on the map?",
      cells: ["No", "No", "Yes"],
    },
    {
      aspect: "Which emails go out?",
      cells: [
        "Approval with payment link, or rejection; payment reminder before the window closes",
        "Payment notification and receipt",
        "Confirmation emails to the vendor and to you",
      ],
    },
  ] satisfies readonly ComparisonRow[],
  note: "In every model, moving a vendor to another spot notifies them automatically.",
} as const;

export interface Faq {
  question: string;
  answer: string;
}

export const faqs: readonly Faq[] = [
  {
    question: `How much does ${siteConfig.name} cost organizers?`,
    answer: `Using ${siteConfig.name} costs organizers ${priceLabels.organizerPrice}, forever. Card processing is ${priceLabels.processingFee} per transaction, paid by the organizer, ${processingFeeBase.short}; vendors pay a ${priceLabels.vendorFee} platform fee. ${processingFeeBase.example}`,
  },
  {
    question: "How long does setup take?",
    answer: `About ${business.setupMinutes} minutes. ${claims.firstMapFree}.`,
  },
  {
    question: "Can each event use a different model?",
    answer:
      "Yes. Each event can use Apply & Approve, Instant Approve & Pay or Pick & Pay, so a juried show and a first-come market can run side by side.",
  },
  {
    question: "When do vendors enter their card details?",
    answer: `It depends on the model. ${claims.cardAfterApproval}: approved vendors get a payment link and pay within the payment window you set. ${claims.payAtBooking}.`,
  },
  {
    question: "How long do approved vendors have to pay?",
    answer:
      "You decide. The payment window is configurable, and vendors who haven't paid get a reminder before it closes.",
  },
  {
    question: "Can vendors choose their own booth?",
    answer:
      "Yes, with Pick & Pay: vendors pick an open spot on the map and pay, and the spot is greyed out for everyone else. In the other models, vendors can share booth preferences and you assign the spot.",
  },
  {
    question: "How can vendors pay for their booths?",
    answer: `With ${paymentMethodsText}.`,
  },
  {
    question: "Can I run a weekly or monthly market as one series?",
    answer:
      "Yes. With an event series, vendors fill in one application, pick their dates and pay per event, and you approve each date.",
  },
  {
    question: "Can I cancel a vendor who has already paid?",
    answer: "Yes. Cancel the vendor and refund them through your payment provider account.",
  },
  {
    question: "What happens if I move a vendor to a different spot?",
    answer: "The vendor is notified automatically when you reassign their spot.",
  },
  {
    question: "Can attendees see the venue map?",
    answer:
      "If you want them to. Turn on the public map and it shows the assigned and available spots.",
  },
  {
    question: "Can I charge different prices for different booths?",
    answer:
      "Yes. Offer booth sizes with premium pricing, give each vendor category its own booth fee, and sell add-ons with inventory control.",
  },
];

export const howItWorksCopy = {
  hero: {
    badge: "How it works",
    title: "Three ways to accept vendors",
    subline:
      "Review every application, let vendors pay as they apply, or let them pick and pay for a spot on your map. Each event can use any of the three.",
  },
  models: {
    title: "Choose how vendors join each event",
    intro:
      "Pick a model per event: a juried show can use one and a first-come market another. Here is what happens in each.",
  },
  faq: {
    title: "Frequently asked questions",
    intro: `Still unsure? Ask us: ${claims.replyPromise.toLowerCase()}.`,
  },
} as const;
