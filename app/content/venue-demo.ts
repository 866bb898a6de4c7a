// Copy and sample data of the interactive venue-map demo: waiting vendors, vendors already booked, the texts.
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

export const waitingVendors: readonly DemoVendor[] = [
  {
    id: "clay",
    name: "Clay & Kiln Pottery",
    short: "Clay & Kiln",
    category: "Ceramics",
    preference: "Corner booth",
    website: "clayandkiln.example",
    social: "@clayandkiln",
  },
  {
    id: "honey",
    name: "Golden Comb Honey",
    short: "Golden Comb",
    category: "Food",
    preference: "Near the entrance",
    website: "goldencomb.example",
    social: "@goldencombhoney",
  },
  {
    id: "prints",
    name: "Paper Fox Prints",
    short: "Paper Fox",
    category: "Art prints",
    preference: "Near the stage",
    website: "paperfox.example",
    social: "@paperfoxprints",
  },
  {
    id: "threads",
    name: "Second Thread Vintage",
    short: "2nd Thread",
    category: "Vintage clothing",
    preference: "Any standard booth",
    website: "secondthread.example",
    social: "@secondthread",
  },
];

/** Names of the vendors on the booths the layout marks taken, in booth order (the public view shows them). */
export const bookedVendorNames = [
  "Maple Candle Company",
  "Riverbend Jams",
  "Tiny Cactus Shop",
  "Northside Knits",
  "Lumen Glassworks",
  "Sunday Bakes",
  "Wild Ink Tattoo Art",
];

/** The vendor who picks and pays in the walk-through. */
export const pickAndPayVendor = "Sunny Side Soaps";

export const venueDemoCopy = {
  title: "Try it: build a floor plan",
  intro:
    "Assign the waiting vendors to booths: drag them, or choose one and then its booth. Then see the floor as attendees do, or book a booth as a vendor.",
  compactTitle: "Try the venue map",
  compactIntro: "Drag a waiting vendor onto an open booth, or choose one and then its booth.",
  mapLabel: "Venue map demo: booths by row and number",
  publicMapLabel: "The floor as attendees see it",
  modesLabel: "View",
  modes: { organizer: "Organizer", public: "Public view", vendor: "Pick & pay" },
  waitingTitle: "Waiting vendors",
  /** With a mouse or a keyboard (a fine pointer, or none). */
  chooseHint:
    "Choose, then move with the arrow keys and press Enter on a booth; or drag onto a booth.",
  /** On a touch screen (a coarse pointer), instead of chooseHint. */
  tapHint: "Tap a vendor, then tap an open booth; or drag the vendor onto it.",
  /** The status after choosing a vendor, by how they were chosen. */
  chosenKeys: (name: string) =>
    `Chose ${name}. Move between booths with the arrow keys; Enter assigns.`,
  chosenTap: (name: string) => `Chose ${name}. Tap an open booth to assign.`,
  noScript: "Turn on JavaScript to assign vendors, switch to the public view and try Pick & pay.",
  publicTitle: "On the floor",
  /** Added to the name of the booth last picked or assigned, which the map rings. */
  markedLabel: "your last choice",
  availableLabel: "Available",
  sizes:
    "Rows A and B: standard booths at $85, corners $150. Rows C and D: deeper booths at $110, corners $175.",
  legend: [
    { status: "open", label: "Open" },
    { status: "premium", label: "Premium (corner)" },
    { status: "assigned", label: "Assigned" },
    { status: "taken", label: "Taken" },
  ],
} as const;
