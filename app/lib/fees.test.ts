import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  feesFor,
  formatUsd,
  maxBoothCents,
  maxVendors,
  minBoothCents,
  parseBoothPrice,
  parseVendorCount,
  percentOf,
} from "./fees";

const boothCents = fc.integer({ min: minBoothCents, max: maxBoothCents });
const vendors = fc.integer({ min: 1, max: maxVendors });

describe("fee arithmetic", () => {
  it("a $100.00 booth: the vendor pays $105.00, processing $3.35, the organizer keeps $96.65", () => {
    const fees = feesFor(10_000, 20);
    expect(formatUsd(fees.vendorPaysCents)).toBe("$105.00");
    expect(formatUsd(fees.platformFeeCents)).toBe("$5.00");
    // 2.9% of $105.00 is 304.5¢, rounded half up to 305¢, plus 30¢.
    expect(formatUsd(fees.processingFeeCents)).toBe("$3.35");
    expect(formatUsd(fees.organizerReceivesCents)).toBe("$96.65");
    expect(formatUsd(fees.organizerReceivesTotalCents)).toBe("$1,933.00");
    expect(formatUsd(fees.organizerPaysPlatformCents)).toBe("$0.00");
  });

  it("rounds half up at each fee", () => {
    expect(percentOf(10, 5)).toBe(1); // 0.5¢ → 1¢
    expect(percentOf(9, 5)).toBe(0); // 0.45¢ → 0¢
    expect(percentOf(50, 2.9)).toBe(1); // 1.45¢ → 1¢
    expect(percentOf(1_000, 2.9)).toBe(29);
    // $85.00 booth: 5% is 425¢; $89.25 charged, 2.9% is 258.825¢ → 259¢.
    expect(feesFor(8_500, 1).processingFeeCents).toBe(259 + 30);
  });

  it("totals add up, in whole cents", () => {
    fc.assert(
      fc.property(boothCents, vendors, (price, count) => {
        const f = feesFor(price, count);
        for (const value of Object.values(f)) expect(Number.isSafeInteger(value)).toBe(true);
        expect(f.vendorPaysCents).toBe(f.boothCents + f.platformFeeCents);
        expect(f.organizerReceivesCents + f.processingFeeCents).toBe(f.boothCents);
        expect(f.organizerReceivesTotalCents).toBe(f.organizerReceivesCents * count);
        // Every cent a vendor pays goes to the organizer, the processor or the platform.
        expect(f.organizerReceivesCents + f.processingFeeCents + f.platformFeeCents).toBe(
          f.vendorPaysCents,
        );
      }),
    );
  });

  it("is never negative", () => {
    fc.assert(
      fc.property(boothCents, vendors, (price, count) => {
        for (const value of Object.values(feesFor(price, count)))
          expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("is monotonic in the booth price", () => {
    fc.assert(
      fc.property(boothCents, boothCents, vendors, (a, b, count) => {
        const [low, high] =
          a <= b ? [feesFor(a, count), feesFor(b, count)] : [feesFor(b, count), feesFor(a, count)];
        expect(high.vendorPaysCents).toBeGreaterThanOrEqual(low.vendorPaysCents);
        expect(high.platformFeeCents).toBeGreaterThanOrEqual(low.platformFeeCents);
        expect(high.processingFeeCents).toBeGreaterThanOrEqual(low.processingFeeCents);
        expect(high.organizerReceivesCents).toBeGreaterThanOrEqual(low.organizerReceivesCents);
        expect(high.organizerReceivesTotalCents).toBeGreaterThanOrEqual(
          low.organizerReceivesTotalCents,
        );
      }),
    );
  });

  it("is cents-exact: each fee is the exact product rounded half up", () => {
    fc.assert(
      fc.property(boothCents, (price) => {
        const f = feesFor(price, 1);
        // In units of 1/10 000 cent: the fee is within half a cent of the exact product, ties rounded up.
        const exact = price * 500;
        expect(f.platformFeeCents * 10_000 - exact).toBeGreaterThan(-5_000);
        expect(f.platformFeeCents * 10_000 - exact).toBeLessThanOrEqual(5_000);
        const processing = f.vendorPaysCents * 290;
        const rounded = f.processingFeeCents - 30;
        expect(rounded * 10_000 - processing).toBeGreaterThan(-5_000);
        expect(rounded * 10_000 - processing).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});

describe("calculator input", () => {
  it("reads dollars and cents", () => {
    expect(parseBoothPrice("100")).toEqual({ ok: true, value: 10_000 });
    expect(parseBoothPrice("$99.5")).toEqual({ ok: true, value: 9_950 });
    expect(parseBoothPrice(" 1,250.05 ")).toEqual({ ok: true, value: 125_005 });
    fc.assert(
      fc.property(boothCents, (cents) => {
        expect(parseBoothPrice(formatUsd(cents))).toEqual({ ok: true, value: cents });
      }),
    );
  });

  it("refuses what is not a price, with the error to show at the field", () => {
    for (const bad of ["", "abc", "10.999", "-5", "1e3", "0.50", "100000.01"])
      expect(parseBoothPrice(bad).ok, bad).toBe(false);
    expect(parseBoothPrice("abc")).toEqual({
      ok: false,
      error: "Enter the booth price in dollars and cents, such as 100 or 99.50",
    });
    expect(parseBoothPrice("0.50")).toEqual({
      ok: false,
      error: "Enter a booth price from $1.00 to $100,000.00",
    });
  });

  it("reads a whole number of vendors", () => {
    expect(parseVendorCount("20")).toEqual({ ok: true, value: 20 });
    for (const bad of ["0", "2.5", "", "x", "10001"])
      expect(parseVendorCount(bad).ok, bad).toBe(false);
  });
});
