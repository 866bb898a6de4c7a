// The venue-map demo's rules on the demo's own floor plan: one vendor per booth, moves, pick and pay, arrow keys.
import { describe, expect, it } from "vitest";
import { bookedVendorNames } from "../content/venue-demo";
import { type Booth, interactiveDemoLayout } from "../content/venue-layouts";
import {
  assign,
  boothInDirection,
  boothOf,
  initialDemoState,
  pay,
  quote,
} from "./venue-demo-state";

const booths = interactiveDemoLayout.booths;
const booth = (id: string) => {
  const found = booths.find((b) => b.id === id);
  if (!found) throw new Error(`no booth ${id}`);
  return found;
};
const clay = { id: "clay", name: "Clay & Kiln Pottery" };
const honey = { id: "honey", name: "Golden Comb Honey" };
const start = () => initialDemoState(booths, bookedVendorNames);

describe("the demo's floor plan", () => {
  it("has about twenty booths in more than one size and price", () => {
    expect(booths).toHaveLength(20);
    expect(new Set(booths.map((b) => `${b.width}x${b.height}`)).size).toBeGreaterThan(1);
    expect(new Set(booths.map((b) => b.priceUsd)).size).toBeGreaterThan(2);
  });

  it("starts with the layout's taken booths held by the booked vendors, in booth order", () => {
    const taken = booths.filter((b) => b.status === "taken").map((b) => b.id);
    const state = start();
    expect(Object.keys(state.holders)).toEqual(taken);
    expect(taken.map((id) => state.holders[id]?.name)).toEqual(
      bookedVendorNames.slice(0, taken.length),
    );
  });
});

describe("assign", () => {
  it("puts a waiting vendor on an open booth", () => {
    const state = assign(start(), clay, "A2");
    expect(boothOf(state, "clay")).toBe("A2");
    expect(state.message).toBe("Assigned Clay & Kiln Pottery to booth A2.");
  });

  it("refuses a taken booth and changes nothing", () => {
    const before = assign(start(), clay, "A2");
    const after = assign(before, honey, "A2");
    expect(after.holders).toEqual(before.holders);
    expect(after.message).toBe(
      "Booth A2 is taken by Clay & Kiln Pottery. One vendor per booth: choose an open booth.",
    );
    const booked = assign(start(), honey, "A4");
    expect(booked.holders).toEqual(start().holders);
    expect(booked.message).toMatch(/^Booth A4 is taken by Maple Candle Company\./);
  });

  it("moves an assigned vendor, frees the old booth and says the vendor is notified", () => {
    const moved = assign(assign(start(), clay, "A2"), clay, "B1");
    expect(boothOf(moved, "clay")).toBe("B1");
    expect(moved.holders.A2).toBeUndefined();
    expect(moved.message).toBe(
      "Moved Clay & Kiln Pottery from booth A2 to booth B1. Clay & Kiln Pottery is notified of the reassignment.",
    );
  });

  it("says so when the vendor is already in that booth", () => {
    const state = assign(assign(start(), clay, "A2"), clay, "A2");
    expect(boothOf(state, "clay")).toBe("A2");
    expect(state.message).toBe("Clay & Kiln Pottery is already in booth A2.");
  });
});

describe("pick and pay", () => {
  it("quotes the booth price plus the platform fee", () => {
    expect(quote(booth("B4"))).toEqual({ price: "$85.00", fee: "$4.25", total: "$89.25" });
    expect(quote(booth("A1"))).toEqual({ price: "$150.00", fee: "$7.50", total: "$157.50" });
  });

  it("books an open booth for the vendor with the confirmation to both parties", () => {
    const state = pay(start(), "Sunny Side Soaps", booth("B4"));
    expect(state.holders.B4).toEqual({ vendorId: "you", name: "Sunny Side Soaps" });
    expect(state.message).toBe(
      "Paid $89.25 (simulated). Booth B4 is booked for Sunny Side Soaps: the confirmation goes to Sunny Side Soaps and to the organizer.",
    );
  });

  it("refuses a booth that is taken", () => {
    const before = pay(start(), "Sunny Side Soaps", booth("B4"));
    const after = pay(before, "Another Vendor", booth("B4"));
    expect(after.holders).toEqual(before.holders);
    expect(after.message).toBe("Booth B4 is taken by Sunny Side Soaps. Pick an open booth.");
  });
});

describe("arrow keys", () => {
  const go = (from: string, key: Parameters<typeof boothInDirection>[2]) =>
    boothInDirection(booths, booth(from), key)?.id;

  it("move to the neighbouring booth in each direction", () => {
    expect(go("A1", "ArrowRight")).toBe("A2");
    expect(go("A2", "ArrowDown")).toBe("B2");
    expect(go("B2", "ArrowDown")).toBe("C2");
    expect(go("C2", "ArrowUp")).toBe("B2");
    expect(go("C3", "ArrowLeft")).toBe("C2");
  });

  it("stop at the edge of the floor", () => {
    expect(go("A1", "ArrowUp")).toBeUndefined();
    expect(go("A1", "ArrowLeft")).toBeUndefined();
    expect(go("D5", "ArrowDown")).toBeUndefined();
    expect(go("D5", "ArrowRight")).toBeUndefined();
  });

  it("reach every booth from the first one", () => {
    const seen = new Set<string>();
    const queue: Booth[] = [booth("A1")];
    while (queue.length > 0) {
      const current = queue.pop() as Booth;
      if (seen.has(current.id)) continue;
      seen.add(current.id);
      for (const key of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] as const) {
        const next = boothInDirection(booths, current, key);
        if (next) queue.push(next);
      }
    }
    expect(seen.size).toBe(booths.length);
  });
});
