// Booth fee arithmetic in integer cents, rounded half up at each fee (docs/product.md, "Fee arithmetic").
import { business } from "../config/business.ts";

/** A percentage as basis points (hundredths of a percent), so that every product stays an exact integer. */
const basisPoints = (percent: number) => Math.round(percent * 100);

/** `cents × percent`, rounded half up to a whole cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * basisPoints(percent) + 5_000) / 10_000);
}

export interface FeeBreakdown {
  boothCents: number;
  /** The vendors' platform fee, on the booth price. */
  platformFeeCents: number;
  /** What a vendor is charged: booth price plus platform fee. */
  vendorPaysCents: number;
  /** The processing fee of one transaction, on the amount charged; paid by the organizer. */
  processingFeeCents: number;
  /** What the organizer keeps of one vendor's payment: booth price less the processing fee. */
  organizerReceivesCents: number;
  vendors: number;
  organizerReceivesTotalCents: number;
  /** What the organizer pays the platform: nothing. */
  organizerPaysPlatformCents: number;
}

export function feesFor(boothCents: number, vendors: number): FeeBreakdown {
  const platformFeeCents = percentOf(boothCents, business.vendorPlatformFeePercent);
  const vendorPaysCents = boothCents + platformFeeCents;
  const processingFeeCents =
    percentOf(vendorPaysCents, business.processingFee.percent) + business.processingFee.fixedCents;
  const organizerReceivesCents = boothCents - processingFeeCents;
  return {
    boothCents,
    platformFeeCents,
    vendorPaysCents,
    processingFeeCents,
    organizerReceivesCents,
    vendors,
    organizerReceivesTotalCents: organizerReceivesCents * vendors,
    organizerPaysPlatformCents: business.organizerPriceUsd * 100,
  };
}

/** The smallest booth price the calculator takes: below it the fixed processing fee would exceed the booth. */
export const minBoothCents = 100;
export const maxBoothCents = 10_000_000;
export const maxVendors = 10_000;

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

/** "$1,250.5" → 125050 cents; a clear error for anything else. */
export function parseBoothPrice(text: string): Parsed {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match)
    return { ok: false, error: "Enter the booth price in dollars and cents, such as 100 or 99.50" };
  const cents =
    Number((match[1] ?? "").replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (cents < minBoothCents || cents > maxBoothCents)
    return {
      ok: false,
      error: `Enter a booth price from ${formatUsd(minBoothCents)} to ${formatUsd(maxBoothCents)}`,
    };
  return { ok: true, value: cents };
}

export function parseVendorCount(text: string): Parsed {
  const trimmed = text.trim();
  const count = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || count < 1 || count > maxVendors)
    return {
      ok: false,
      error: `Enter a whole number of vendors from 1 to ${maxVendors.toLocaleString("en-US")}`,
    };
  return { ok: true, value: count };
}

/** 10500 → "$105.00"; exact, from the integer cents (no floating point). */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}
