// Venue map layouts per event type: booths with ids, sizes and prices, apart from how they are drawn (venue-map.tsx).
import type { EventTypeSlug } from "../config/paths";
import { eventTypeEntries, venueMapTexts } from "./store";

/** How a spot is drawn: a dealer table, a truck's parking spot, a market stall, an expo booth, a tent, a wall bay. */
export type BoothKind = "table" | "truck" | "stall" | "booth" | "tent" | "bay";
export type BoothStatus = "open" | "taken" | "premium";
/** How a booth is drawn: its status, or assigned to a vendor in the interactive demo. */
export type BoothFill = BoothStatus | "assigned";

export interface Booth {
  /** Stable id a vendor would see ("A1"): row letter and number. */
  id: string;
  kind: BoothKind;
  /** Top-left corner and size in map units (1 unit ≈ 1 foot). */
  x: number;
  y: number;
  width: number;
  height: number;
  priceUsd: number;
  status: BoothStatus;
}

/** A labelled area that is not for sale: a stage, seating, an entrance; a lane is drawn as a road. */
export interface Landmark {
  label: string;
  kind?: "area" | "lane";
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VenueLayout {
  /** What the drawing shows, for its text alternative. */
  description: string;
  width: number;
  height: number;
  booths: readonly Booth[];
  landmarks: readonly Landmark[];
}

const letters = "ABCDEFGHIJKLMNOP";

/** Deterministic status mix: every third booth taken, corner booths premium. */
function statusOf(row: number, index: number, count: number): BoothStatus {
  if (index === 0 || index === count - 1) return row % 2 === 0 ? "premium" : "open";
  return (row * 7 + index) % 3 === 0 ? "taken" : "open";
}

interface RowsOptions {
  kind: BoothKind;
  rows: number;
  perRow: number;
  booth: { width: number; height: number };
  /** Space between booths in a row, and between rows (the aisle). */
  gap: number;
  aisle: number;
  origin: { x: number; y: number };
  price: number;
  premiumPrice: number;
  /** Rows start at this letter index (several blocks on one map). */
  firstRow?: number;
}

/** Booths in straight rows with aisles between: tables at a card show, tents at an art fair. */
function rows(options: RowsOptions): Booth[] {
  const booths: Booth[] = [];
  for (let row = 0; row < options.rows; row++) {
    const letter = letters[(options.firstRow ?? 0) + row] ?? "Z";
    for (let index = 0; index < options.perRow; index++) {
      const status = statusOf(row, index, options.perRow);
      booths.push({
        id: `${letter}${index + 1}`,
        kind: options.kind,
        x: options.origin.x + index * (options.booth.width + options.gap),
        y: options.origin.y + row * (options.booth.height + options.aisle),
        width: options.booth.width,
        height: options.booth.height,
        priceUsd: status === "premium" ? options.premiumPrice : options.price,
        status,
      });
    }
  }
  return booths;
}

/** One row on each side of a street or lot (row A above, row B below), facing each other. */
function facingRows(
  options: Omit<RowsOptions, "rows" | "aisle" | "origin" | "firstRow">,
  x: number,
  ys: readonly [number, number],
): Booth[] {
  return ys.flatMap((y, side) =>
    rows({ ...options, rows: 1, aisle: 0, origin: { x, y }, firstRow: side }),
  );
}

/** Booths on the four sides of a central area (a stage, a lawn, a seating lot). */
function ring(options: {
  kind: BoothKind;
  size: number;
  gap: number;
  across: number;
  down: number;
  origin: { x: number; y: number };
  price: number;
  premiumPrice: number;
}): Booth[] {
  const { size, gap, across, down, origin } = options;
  const step = size + gap;
  const spots: { x: number; y: number }[] = [];
  for (let i = 0; i < across; i++) spots.push({ x: origin.x + i * step, y: origin.y });
  for (let i = 1; i < down - 1; i++)
    spots.push({ x: origin.x + (across - 1) * step, y: origin.y + i * step });
  for (let i = across - 1; i >= 0; i--)
    spots.push({ x: origin.x + i * step, y: origin.y + (down - 1) * step });
  for (let i = down - 2; i >= 1; i--) spots.push({ x: origin.x, y: origin.y + i * step });
  return spots.map((spot, index) => {
    const status = statusOf(0, index, spots.length);
    return {
      id: `R${index + 1}`,
      kind: options.kind,
      ...spot,
      width: size,
      height: size,
      priceUsd: status === "premium" ? options.premiumPrice : options.price,
      status,
    };
  });
}

/** The words drawn on the maps (content/islands.yaml): an entrance, a stage, a lane. */
const { areas } = venueMapTexts;

const entrance = (x: number, y: number): Landmark => ({
  label: areas.entrance,
  x,
  y,
  width: 120,
  height: 24,
});

/** Tables in six numbered rows: a card show's dealer tables, a flea market's vendor tables. */
const tableRows = (description: string, price: number): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: rows({
    kind: "table",
    rows: 6,
    perRow: 9,
    booth: { width: 56, height: 18 },
    gap: 8,
    aisle: 28,
    origin: { x: 32, y: 24 },
    price,
    premiumPrice: price + 35,
  }),
  landmarks: [entrance(260, 324)],
});

const truckLane = (description: string, price: number): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: facingRows(
    {
      kind: "truck",
      perRow: 7,
      booth: { width: 64, height: 30 },
      gap: 20,
      price,
      premiumPrice: price + 50,
    },
    24,
    [20, 116],
  ),
  landmarks: [
    { label: areas.driveLane, kind: "lane", x: 16, y: 60, width: 608, height: 46 },
    { label: areas.seating, x: 120, y: 172, width: 400, height: 132 },
    entrance(260, 324),
  ],
});

const stallStreet = (description: string, price: number): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: facingRows(
    {
      kind: "stall",
      perRow: 8,
      booth: { width: 60, height: 60 },
      gap: 12,
      price,
      premiumPrice: price + 20,
    },
    30,
    [40, 240],
  ),
  landmarks: [{ label: areas.marketStreet, x: 30, y: 140, width: 572, height: 60 }],
});

const boothGrid = (description: string, price: number, stage?: string): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: rows({
    kind: "booth",
    rows: 3,
    perRow: stage ? 5 : 8,
    booth: { width: 56, height: 56 },
    gap: 10,
    aisle: 40,
    origin: { x: 32, y: 32 },
    price,
    premiumPrice: Math.round(price * 1.5),
  }),
  landmarks: [
    ...(stage ? [{ label: stage, x: 380, y: 40, width: 220, height: 180 }] : []),
    entrance(260, 324),
  ],
});

/** Wall bays in rows, back to back along partition walls: an artist hangs work on the wall of a bay. */
const gallery = (description: string, price: number): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: rows({
    kind: "bay",
    rows: 4,
    perRow: 7,
    booth: { width: 72, height: 52 },
    gap: 6,
    aisle: 24,
    origin: { x: 30, y: 20 },
    price,
    premiumPrice: price + 40,
  }),
  landmarks: [entrance(260, 326)],
});

const ringAround = (
  description: string,
  centre: string,
  kind: BoothKind,
  price: number,
): VenueLayout => ({
  description,
  width: 640,
  height: 360,
  booths: ring({
    kind,
    size: 48,
    gap: 14,
    across: 9,
    down: 5,
    origin: { x: 44, y: 24 },
    price,
    premiumPrice: price + 30,
  }),
  landmarks: [{ label: centre, x: 120, y: 100, width: 400, height: 136 }],
});

type VenueMapEntry = (typeof eventTypeEntries)[number]["venueMap"];

/** The drawing of an event-type page's venue map: a layout from code, its words and price from content. */
export function venueLayoutOf({
  layout,
  description,
  priceUsd,
  centre,
}: VenueMapEntry): VenueLayout {
  const price = priceUsd ?? 0;
  switch (layout) {
    case "table-rows":
      return tableRows(description, price);
    case "truck-lane":
      return truckLane(description, price);
    case "stall-street":
      return stallStreet(description, price);
    case "booth-grid":
      return boothGrid(description, price, centre || undefined);
    case "gallery":
      return gallery(description, price);
    case "tent-ring":
      return ringAround(description, centre || areas.plaza, "tent", price);
    case "stall-ring":
      return ringAround(description, centre || areas.stage, "stall", price);
  }
}

export const venueLayouts: Readonly<Record<EventTypeSlug, VenueLayout>> =
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ eventTypeEntries.map((entry) => [entry.slug, venueLayoutOf(entry.venueMap)]),
  );

// The home page names this drawing itself (home.yaml, demo.posterTitle): the description here is never shown.
const cardShow = tableRows(
  "Dealer tables in six numbered rows with aisles between them, the entrance at the bottom",
  85,
);

/** The home page's demo poster: the card show floor, the layout the demo starts from. */
export const demoLayout: VenueLayout = cardShow;

/**
 * The interactive demo's floor (the venue-mapping feature page and the home page): 20 booths in four rows
 * beside a stage, corner booths premium, a few taken.
 */
export const interactiveDemoLayout: VenueLayout = {
  description: venueMapTexts.demoFloor,
  width: 640,
  height: 400,
  booths: [
    ...rows({
      kind: "booth",
      rows: 2,
      perRow: 5,
      booth: { width: 80, height: 48 },
      gap: 12,
      aisle: 28,
      origin: { x: 32, y: 24 },
      price: 85,
      premiumPrice: 150,
    }),
    // Deeper booths, for vendors who bring a display: a size and a price of their own.
    ...rows({
      kind: "booth",
      rows: 2,
      perRow: 5,
      booth: { width: 80, height: 64 },
      gap: 12,
      aisle: 28,
      origin: { x: 32, y: 176 },
      price: 110,
      premiumPrice: 175,
      firstRow: 2,
    }),
  ],
  landmarks: [{ label: areas.stage, x: 512, y: 24, width: 104, height: 308 }, entrance(260, 364)],
};

/** Copy around the map on each event-type page. */
export const venueMapSection = {
  title: venueMapTexts.title,
  intro: venueMapTexts.intro,
  legend: [
    { status: "open", label: venueMapTexts.legend.open },
    { status: "premium", label: venueMapTexts.legend.premium },
    { status: "taken", label: venueMapTexts.legend.taken },
  ] satisfies readonly { status: BoothStatus; label: string }[],
};
