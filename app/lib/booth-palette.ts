// One palette for booth states on every map, legend and product picture: a fill, a text colour and a non-colour cue each.
import type { BoothFill } from "../content/venue-layouts";

export interface BoothStateStyle {
  /** The booth's fill; the cue is drawn on top of it. */
  fill: string;
  /** Text drawn inside the booth (its id or vendor). */
  text: string;
  /** What tells the state apart without colour (WCAG 1.4.1): also drawn in the legend. */
  cue: "plain" | "star" | "check" | "hatch";
}

/**
 * Legend order, which is also the order of neighbours the fills keep 3:1 between (WCAG 1.4.11): open beside
 * premium, premium beside assigned, assigned beside taken; open also keeps 3:1 against every other state, as
 * open booths sit beside all of them. Premium and taken are told apart by their cues (a star, hatching).
 */
export const boothStates = [
  "open",
  "premium",
  "assigned",
  "taken",
] as const satisfies readonly BoothFill[];

export const boothPalette: Record<BoothFill, BoothStateStyle> = {
  open: { fill: "#ffffff", text: "#0f172a", cue: "plain" },
  premium: { fill: "#d97706", text: "#0f172a", cue: "star" },
  assigned: { fill: "#1f3a93", text: "#ffffff", cue: "check" },
  taken: { fill: "#8a94a6", text: "#0f172a", cue: "hatch" },
};

/** Booth outlines, the hatching of taken booths and the map's ground. */
export const mapInk = {
  outline: "#475569",
  premiumOutline: "#7c2d12",
  hatch: "#4b5563",
  ground: "#f8fafc",
  groundLine: "#cbd5e1",
  area: "#eef4ff",
  areaText: "#1f3a93",
  lane: "#475569",
  laneText: "#ffffff",
  furniture: "#94a3b8",
} as const;

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}
