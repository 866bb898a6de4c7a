import { describe, expect, it } from "vitest";
import { boothPalette, boothStates, contrastRatio, mapInk } from "./booth-palette";

describe("booth palette", () => {
  it("computes WCAG contrast: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // The WCAG example: #767676 is the lightest grey with 4.5:1 on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("keeps every state's fill at 3:1 or more against its neighbour state, and open against all", () => {
    for (const [index, state] of boothStates.entries()) {
      const next = boothStates[index + 1];
      if (next)
        expect(
          contrastRatio(boothPalette[state].fill, boothPalette[next].fill),
          `${state}/${next}`,
        ).toBeGreaterThanOrEqual(3);
      if (state !== "open")
        expect(
          contrastRatio(boothPalette.open.fill, boothPalette[state].fill),
          `open/${state}`,
        ).toBeGreaterThanOrEqual(3);
    }
  });

  it("tells every state apart without colour: each has its own cue", () => {
    const cues = boothStates.map((state) => boothPalette[state].cue);
    expect(new Set(cues).size).toBe(boothStates.length);
  });

  it("keeps booth text readable (4.5:1) on every fill, and open booths' outline visible on the ground (3:1)", () => {
    for (const state of boothStates)
      expect(
        contrastRatio(boothPalette[state].text, boothPalette[state].fill),
        state,
      ).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(mapInk.outline, mapInk.ground)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(mapInk.outline, boothPalette.open.fill)).toBeGreaterThanOrEqual(3);
  });
});
