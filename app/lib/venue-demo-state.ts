// The venue-map demo's rules, apart from its drawing: one vendor per booth, reassignment notices, pick and pay.
import { fillIn } from "../content/fill-in";
import type { Booth } from "../content/venue-layouts";
import { feesFor, formatUsd } from "./fees";

export interface DemoState {
  /** Booth id → who holds it: a waiting vendor's id, or a name of a vendor booked before. */
  holders: Record<string, { vendorId?: string; name: string; short?: string }>;
  message: string;
}

/**
 * The status lines after assigning, moving and paying, as content/islands.yaml words them: the rules say which
 * line and fill in its placeholders (app/content/fill-in.ts), the content says how it reads.
 */
export interface DemoMessages {
  /** `{{vendor}}`, `{{booth}}` */
  assigned: string;
  /** `{{vendor}}`, `{{from}}` (the booth left), `{{booth}}` */
  moved: string;
  /** `{{vendor}}`, `{{booth}}` */
  alreadyThere: string;
  /** A taken booth refused in the organizer view: `{{booth}}`, `{{vendor}}` (who holds it). */
  refused: string;
  /** A taken booth refused in Pick & pay: `{{booth}}`, `{{vendor}}` (who holds it). */
  taken: string;
  /** `{{total}}`, `{{booth}}`, `{{vendor}}` */
  paid: string;
}

export interface VendorRef {
  id: string;
  name: string;
  /** Drawn inside the booth once assigned. */
  short?: string;
}

export function initialDemoState(
  booths: readonly Booth[],
  bookedNames: readonly string[],
): DemoState {
  const holders: DemoState["holders"] = {};
  let next = 0;
  for (const booth of booths) {
    if (booth.status === "taken")
      // Never empty: content/islands.yaml names a vendor for each taken booth (keystatic.config.ts checks).
      holders[booth.id] = { name: bookedNames[next++] ?? "" };
  }
  return { holders, message: "" };
}

export function boothOf(state: DemoState, vendorId: string): string | undefined {
  return Object.keys(state.holders).find((id) => state.holders[id]?.vendorId === vendorId);
}

/** Assigns a vendor to a booth; a taken booth refuses (no overbooking), a move tells the vendor. */
export function assign(
  state: DemoState,
  vendor: VendorRef,
  boothId: string,
  messages: DemoMessages,
): DemoState {
  const holder = state.holders[boothId];
  const names = { vendor: vendor.name, booth: boothId };
  if (holder?.vendorId === vendor.id)
    return { ...state, message: fillIn(messages.alreadyThere, names) };
  if (holder)
    return { ...state, message: fillIn(messages.refused, { ...names, vendor: holder.name }) };
  const from = boothOf(state, vendor.id);
  const holders = {
    ...state.holders,
    [boothId]: { vendorId: vendor.id, name: vendor.name, short: vendor.short },
  };
  if (from) delete holders[from];
  return {
    holders,
    message: from ? fillIn(messages.moved, { ...names, from }) : fillIn(messages.assigned, names),
  };
}

/** What a vendor pays for a booth: its price plus the platform fee, as docs/product.md computes it. */
export function quote(booth: Booth): { price: string; fee: string; total: string } {
  const fees = feesFor(booth.priceUsd * 100, 1);
  return {
    price: formatUsd(fees.boothCents),
    fee: formatUsd(fees.platformFeeCents),
    total: formatUsd(fees.vendorPaysCents),
  };
}

/** The simulated payment: the booth is the vendor's, and both parties get the confirmation. */
export function pay(
  state: DemoState,
  vendorName: string,
  booth: Booth,
  messages: DemoMessages,
): DemoState {
  const holder = state.holders[booth.id];
  if (holder)
    return { ...state, message: fillIn(messages.taken, { booth: booth.id, vendor: holder.name }) };
  const { total } = quote(booth);
  return {
    holders: { ...state.holders, [booth.id]: { vendorId: "you", name: vendorName } },
    message: fillIn(messages.paid, { total, booth: booth.id, vendor: vendorName }),
  };
}

const directions = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
} as const;

/** The nearest booth from `from` in an arrow key's direction, by the booths' centres; none at the edge. */
export function boothInDirection(
  booths: readonly Booth[],
  from: Booth,
  key: "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight",
): Booth | undefined {
  const centre = (b: Booth) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const origin = centre(from);
  const [dx, dy] = directions[key];
  let best: Booth | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const booth of booths) {
    const c = centre(booth);
    const along = (c.x - origin.x) * dx + (c.y - origin.y) * dy;
    if (along <= 0) continue;
    const across = Math.abs((c.x - origin.x) * dy) + Math.abs((c.y - origin.y) * dx);
    const score = along + across * 3;
    if (score < bestScore) {
      best = booth;
      bestScore = score;
    }
  }
  return best;
}
