// Sample data and captions of the product pictures (app/components/product/): the demo's vendors, marked as samples.
import { siteConfig } from "../config/site";
import { waitingVendors } from "./venue-demo";

/** Every picture's frame carries this badge: the data is invented to show the screen, not a customer's. */
export const sampleBadge = "Sample";
export const sampleEvent = "Sample Spring Market";

const [clay, honey, prints, threads] = waitingVendors;

export type VendorStage = "Applied" | "Approved" | "Paid";

export const dashboardSample = {
  name: "Organizer dashboard",
  label: `Sample organizer dashboard for ${sampleEvent}: four vendors with their category, status (applied, approved or paid), payment and social link`,
  caption: "The organizer dashboard: every vendor's status, payment and social links in one list.",
  columns: ["Vendor", "Status", "Payment", "Social"],
  /** Booth prices in cents: the demo's standard ($85) and deeper ($110) booths. */
  vendors: [
    { vendor: clay, stage: "Paid", boothCents: 8500 },
    { vendor: honey, stage: "Approved", boothCents: 8500 },
    { vendor: prints, stage: "Applied", boothCents: 11000 },
    { vendor: threads, stage: "Paid", boothCents: 11000 },
  ],
  awaiting: "Awaiting payment",
  notDue: "Not due yet",
} as const;

export type QuestionType = "Text" | "Dropdown" | "Checkbox" | "File upload";

export const formBuilderSample = {
  name: "Application form builder",
  label:
    "Sample application form builder: three vendor categories with their booth fees, and four questions (text, dropdown, checkbox, file upload), each marked required or optional",
  caption:
    "The application form builder: categories with their own booth fees, and questions of four types.",
  categoriesTitle: "Categories",
  categories: [
    { name: "Food", feeUsd: 110 },
    { name: "Crafts", feeUsd: 85 },
    { name: "Art prints", feeUsd: 85 },
  ],
  questionsTitle: "Questions",
  questions: [
    { text: "Describe what you sell", type: "Text", required: true },
    { text: "Booth size", type: "Dropdown", required: true },
    { text: "I need electricity", type: "Checkbox", required: false },
    { text: "Liability insurance", type: "File upload", required: true },
  ] satisfies readonly { text: string; type: QuestionType; required: boolean }[],
} as const;

export const vendorPortalSample = {
  name: "Vendor portal",
  label: `Sample vendor portal of ${honey?.name}: application sent, documents uploaded, status approved, and a button to pay the booth fee`,
  caption: "The vendor portal: vendors apply, upload documents, track their status and pay.",
  vendor: honey?.name ?? "",
  steps: [
    { title: "Apply", detail: `${sampleEvent} · Food`, done: true },
    { title: "Upload documents", detail: "insurance.pdf · permit.pdf", done: true },
    { title: "Track status", detail: "Approved", done: true },
    { title: "Pay", detail: "Booth fee and platform fee", done: false },
  ],
  boothCents: 8500,
  payLabel: "Pay",
} as const;

export const emailSample = {
  name: "Approval email and reminder",
  label: `Sample approval email to ${honey?.name} with its payment link and a 7-day payment window, and the reminder sent 2 days before the window closes`,
  caption:
    "Approval emails carry the payment link and the payment window you set; a reminder goes out before it closes.",
  from: `${siteConfig.name} for ${sampleEvent}`,
  to: honey?.name ?? "",
  approval: {
    subject: `You're approved for ${sampleEvent}`,
    body: "Your application is approved. Pay your booth fee to confirm your spot.",
    link: "Pay your booth fee",
    window: "Payment window: 7 days after approval",
  },
  reminder: {
    subject: "Reminder: your payment window closes in 2 days",
    body: "Pay your booth fee before your payment window closes.",
    link: "Pay now",
  },
} as const;

export const seriesSample = {
  name: "Event series",
  label: `Sample event series application of ${clay?.name}: one application, three of four market dates picked, each date approved or pending on its own`,
  caption:
    "Event series: one application, the vendor picks dates and pays per event, you approve each date.",
  vendor: clay?.name ?? "",
  title: "Sample Saturday Market series",
  dates: [
    { date: "Sat, May 2", picked: true, status: "Approved" },
    { date: "Sat, May 9", picked: true, status: "Approved" },
    { date: "Sat, May 16", picked: false, status: "Not picked" },
    { date: "Sat, May 23", picked: true, status: "Pending" },
  ],
  oneApplication: "One application",
} as const;

export const promoSample = {
  name: "Promo codes and add-ons",
  label:
    "Sample checkout settings: a promo code for 10% off, and two add-ons with how many are left of their inventory",
  caption: "Promo codes, and add-ons with an inventory: each shows how many are left.",
  promoTitle: "Promo code",
  promo: { code: "RETURNING10", effect: "10% off the booth fee" },
  addOnsTitle: "Add-ons",
  addOns: [
    { name: "Electricity hookup", priceUsd: 25, left: 6, total: 20 },
    { name: "Extra table", priceUsd: 15, left: 0, total: 12 },
  ],
  soldOut: "Sold out",
} as const;

export const venueMapPictureSample = {
  name: "Venue map",
  label:
    "Sample venue map: twenty booths beside the stage, some assigned to vendors, some open, some taken, corner booths premium",
  caption:
    "The venue map: drag vendors onto booths, charge more for premium spots, and never sell a spot twice.",
};

/** The venue-mapping page's picture: the demo's floor with four of the demo's vendors already placed. */
export const placedVendors = {
  A2: "assigned",
  A4: "assigned",
  C3: "assigned",
  D2: "assigned",
} as const;

type StepIcon = "form" | "check" | "mail" | "card" | "pin" | "taken";

/** The three acceptance models drawn as their steps (docs/product.md, "Acceptance models"). */
export const modelPictures: Record<
  string,
  { label: string; steps: readonly { icon: StepIcon; word: string }[] }
> = {
  "apply-approve": {
    label:
      "Apply & Approve in five steps: apply, you approve, payment link sent, vendor pays, spot assigned",
    steps: [
      { icon: "form", word: "Apply" },
      { icon: "check", word: "Approve" },
      { icon: "mail", word: "Link" },
      { icon: "card", word: "Pay" },
      { icon: "pin", word: "Spot" },
    ],
  },
  "instant-approve-pay": {
    label: "Instant Approve & Pay in three steps: apply, pay at once, spot assigned later",
    steps: [
      { icon: "form", word: "Apply" },
      { icon: "card", word: "Pay" },
      { icon: "pin", word: "Spot later" },
    ],
  },
  "pick-pay": {
    label:
      "Pick & Pay in four steps: pick a spot, pay, the spot is taken for everyone else, both get a confirmation email",
    steps: [
      { icon: "pin", word: "Pick" },
      { icon: "card", word: "Pay" },
      { icon: "taken", word: "Taken" },
      { icon: "mail", word: "Confirm" },
    ],
  },
};
export type { StepIcon };
