// The venue-map demo's rules on the demo's own floor plan: one vendor per booth, moves, pick and pay, arrow keys.
import { describe, expect, it } from "vitest";
import { bookedVendorNames } from "../content/venue-demo";
import { type Booth, interactiveDemoLayout } from "../content/venue-layouts";
import {
  assign,
  boothInDirection,
  boothOf,
  type DemoMessages,
  initialDemoState,
  pay as payWith,
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

// Which line the rules give, and what they fill in: the wording is content's (content/islands.yaml).
const messages: DemoMessages = {
  assigned: "assigned {{vendor}} | {{booth}}",
  moved: "moved {{vendor}} | {{from}} | {{booth}}",
  alreadyThere: "already there {{vendor}} | {{booth}}",
  refused: "refused {{booth}} | {{vendor}}",
  taken: "taken {{booth}} | {{vendor}}",
  paid: "paid {{total}} | {{booth}} | {{vendor}}",
};
const assignTo = (state: ReturnType<typeof start>, vendor: typeof clay, boothId: string) =>
  assign(state, vendor, boothId, messages);
const pay = (state: ReturnType<typeof start>, vendorName: string, booth: Booth) =>
  payWith(state, vendorName, booth, messages);

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
    const state = assignTo(start(), clay, "A2");
    expect(boothOf(state, "clay")).toBe("A2");
    expect(state.message).toBe("assigned Clay & Kiln Pottery | A2");
  });

  it("refuses a taken booth and changes nothing", () => {
    const before = assignTo(start(), clay, "A2");
    const after = assignTo(before, honey, "A2");
    expect(after.holders).toEqual(before.holders);
    expect(after.message).toBe("refused A2 | Clay & Kiln Pottery");
    const booked = assignTo(start(), honey, "A4");
    expect(booked.holders).toEqual(start().holders);
    expect(booked.message).toBe(`refused A4 | ${bookedVendorNames[0]}`);
  });

  it("moves an assigned vendor, frees the old booth and says the vendor is notified", () => {
    const moved = assignTo(assignTo(start(), clay, "A2"), clay, "B1");
    expect(boothOf(moved, "clay")).toBe("B1");
    expect(moved.holders.A2).toBeUndefined();
    expect(moved.message).toBe("moved Clay & Kiln Pottery | A2 | B1");
  });

  it("says so when the vendor is already in that booth", () => {
    const state = assignTo(assignTo(start(), clay, "A2"), clay, "A2");
    expect(boothOf(state, "clay")).toBe("A2");
    expect(state.message).toBe("already there Clay & Kiln Pottery | A2");
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
    expect(state.message).toBe("paid $89.25 | B4 | Sunny Side Soaps");
  });

  it("refuses a booth that is taken", () => {
    const before = pay(start(), "Sunny Side Soaps", booth("B4"));
    const after = pay(before, "Another Vendor", booth("B4"));
    expect(after.holders).toEqual(before.holders);
    expect(after.message).toBe("taken B4 | Sunny Side Soaps");
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
