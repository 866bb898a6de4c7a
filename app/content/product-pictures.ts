// The product pictures (app/components/product/): their words from content/product-pictures.yaml, and which of the
// venue demo's vendors each shows, at which stage and booth price (sample data the fees are computed from).
import { fillIn } from "./fill-in";
import { productPictureTexts as texts } from "./store";
import { waitingVendors } from "./venue-demo";

/** Every picture's frame carries this badge: the data is invented to show the screen, not a customer's. */
export const sampleBadge = texts.sampleBadge;
const event = texts.sampleEvent;

const [clay, honey, prints, threads] = waitingVendors;

export type VendorStage = keyof typeof texts.dashboard.stages;

export const dashboardSample = {
  ...texts.dashboard,
  label: fillIn(texts.dashboard.label, { event }),
  /** Booth prices in cents: the demo's standard ($85) and deeper ($110) booths. */
  vendors: [
    { vendor: clay, stage: "paid", boothCents: 8500 },
    { vendor: honey, stage: "approved", boothCents: 8500 },
    { vendor: prints, stage: "applied", boothCents: 11000 },
    { vendor: threads, stage: "paid", boothCents: 11000 },
  ] satisfies readonly { vendor: unknown; stage: VendorStage; boothCents: number }[],
};

export const formBuilderSample = {
  ...texts.formBuilder,
  categories: texts.formBuilder.categories.map((category) => ({
    name: category.name,
    fee: fillIn(texts.formBuilder.fee, { fee: `$${category.feeUsd}` }),
  })),
};

export const vendorPortalSample = {
  ...texts.vendorPortal,
  label: fillIn(texts.vendorPortal.label, { vendor: honey?.name ?? "" }),
  vendor: honey?.name ?? "",
  steps: texts.vendorPortal.steps.map((step) => ({
    ...step,
    detail: fillIn(step.detail, { event, category: honey?.category ?? "" }),
  })),
  boothCents: 8500,
  /** The Pay button, with what the vendor pays. */
  pay: (total: string) => fillIn(texts.vendorPortal.pay, { total }),
};

export const emailSample = {
  ...texts.email,
  label: fillIn(texts.email.label, { vendor: honey?.name ?? "" }),
  from: fillIn(texts.email.from, { event }),
  to: honey?.name ?? "",
  approval: {
    ...texts.email.approval,
    subject: fillIn(texts.email.approval.subject, { event }),
  },
};

export const seriesSample = {
  ...texts.series,
  label: fillIn(texts.series.label, { vendor: clay?.name ?? "" }),
  vendor: clay?.name ?? "",
  dates: texts.series.dates.map((day) => ({ ...day, picked: day.status !== "notPicked" })),
};

export const promoSample = {
  ...texts.promo,
  addOns: texts.promo.addOns.map((addOn) => ({
    ...addOn,
    stock: fillIn(texts.promo.stock, { left: String(addOn.left), total: String(addOn.total) }),
  })),
};

export const venueMapPictureSample = texts.venueMap;

/** The venue-mapping page's picture: the demo's floor with four of the demo's vendors already placed. */
export const placedVendors = {
  A2: "assigned",
  A4: "assigned",
  C3: "assigned",
  D2: "assigned",
} as const;

export type StepIcon = (typeof texts.models)[keyof typeof texts.models]["steps"][number]["icon"];

/** The three acceptance models drawn as their steps (docs/product.md, "Acceptance models"), by their ids. */
export const modelPictures: Record<
  string,
  { label: string; steps: readonly { icon: StepIcon; word: string }[] }
> = {
  "apply-approve": texts.models.applyApprove,
  "instant-approve-pay": texts.models.instantApprovePay,
  "pick-pay": texts.models.pickPay,
};
