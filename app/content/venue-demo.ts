// Copy and sample vendors of the interactive venue-map demo, read from content/islands.yaml.

import { fillIn } from "./fill-in";
import { venueDemoTexts } from "./store";
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

const { vendors, bookedVendors, pickAndPayVendor: pickAndPay, legend, ...texts } = venueDemoTexts;

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

export const venueDemoCopy = {
  ...texts,
  /** The status after choosing a vendor, by how they were chosen. */
  chosenKeys: (name: string) => fillIn(texts.chosenKeys, { vendor: name }),
  chosenTap: (name: string) => fillIn(texts.chosenTap, { vendor: name }),
  legend: [
    { status: "open", label: legend.open },
    { status: "premium", label: legend.premium },
    { status: "assigned", label: legend.assigned },
    { status: "taken", label: legend.taken },
  ] satisfies readonly { status: BoothFill; label: string }[],
};
