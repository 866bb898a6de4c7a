// Copy and sample vendors of the interactive venue-map demo, read from content/islands.yaml.

import type { DemoMessages } from "../lib/venue-demo-state";
import { fillIn } from "./fill-in";
import { venueDemoSectionTexts, venueDemoTexts } from "./store";
import type { BoothFill } from "./venue-layouts";

export interface DemoVendor {
  id: string;
  name: string;
  /** Drawn inside a booth: fits 80 map units. */
  short: string;
  category: string;
  preference: string;
  website: string;
  social: string;
}

const {
  vendors,
  bookedVendors,
  pickAndPayVendor: pickAndPay,
  legend,
  booths,
  vendorCard,
  assignments,
  availableCount,
  ...texts
} = venueDemoTexts;

// The id tells the demo's vendors apart in its state; by position, so that a renamed vendor keeps its place.
export const waitingVendors: readonly DemoVendor[] = /* @__PURE__ */ vendors.map(
  (vendor, index) => ({
    id: `waiting-${index + 1}`,
    ...vendor,
  }),
);

/** Names of the vendors on the booths the layout marks taken, in booth order (the public view shows them). */
export const bookedVendorNames: readonly string[] = bookedVendors;

/** The vendor who picks and pays in the walk-through. */
export const pickAndPayVendor = pickAndPay;

/** The demo's heading and introduction: on the venue-mapping page, and shorter on the home page. */
export const venueDemoSection = venueDemoSectionTexts;

export const venueDemoCopy = {
  ...texts,
  /** The status after choosing a vendor, by how they were chosen. */
  chosenKeys: (name: string) => fillIn(texts.chosenKeys, { vendor: name }),
  chosenTap: (name: string) => fillIn(texts.chosenTap, { vendor: name }),
  vendorCard: {
    waiting: vendorCard.waiting,
    inBooth: (booth: string) => fillIn(vendorCard.inBooth, { booth }),
    about: (vendor: DemoVendor) =>
      fillIn(vendorCard.about, {
        category: vendor.category,
        preference: vendor.preference.toLowerCase(),
      }),
  },
  availableCount: (count: number) => fillIn(availableCount, { count: String(count) }),
  booth: {
    /** A booth as screen readers hear it; `holder` is the vendor on it, if any. */
    detail: (booth: string, premium: boolean, price: string, holder: string | undefined) =>
      fillIn(booths.detail, {
        booth,
        kind: premium ? booths.premium : booths.standard,
        price,
        holder: holder === undefined ? booths.open : fillIn(booths.takenBy, { vendor: holder }),
      }),
    public: (booth: string, holder: string | undefined) =>
      fillIn(booths.public, { booth, holder: holder ?? booths.available }),
    taken: (booth: string, vendor: string) => fillIn(booths.taken, { booth, vendor }),
    picked: (booth: string, total: string) => fillIn(booths.picked, { booth, total }),
    bookAs: (vendor: string) => fillIn(booths.bookAs, { vendor }),
    pickHint: booths.pickHint,
    /** The picked booth's price and fee; what the vendor pays follows, in bold. */
    quote: (booth: string, price: string, fee: string) =>
      fillIn(booths.quote, { booth, price, fee }),
    pay: (total: string) => fillIn(booths.pay, { total }),
  },
  legend: [
    { status: "open", label: legend.open },
    { status: "premium", label: legend.premium },
    { status: "assigned", label: legend.assigned },
    { status: "taken", label: legend.taken },
  ] satisfies readonly { status: BoothFill; label: string }[],
};

/** The lines the demo's rules (app/lib/venue-demo-state.ts) give after assigning, moving and paying. */
export const demoMessages: DemoMessages = {
  ...assignments,
  taken: booths.taken,
  paid: booths.paid,
};
