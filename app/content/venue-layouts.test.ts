import { describe, expect, it } from "vitest";
import { eventTypeSlugs } from "../config/paths";
import { type Booth, type VenueLayout, venueLayouts } from "./venue-layouts";

function layoutOf(slug: string): VenueLayout {
  const layout = venueLayouts[slug];
  if (!layout) throw new Error(`no venue layout for ${slug}`);
  return layout;
}

type Box = Pick<Booth, "x" | "y" | "width" | "height">;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("venue layouts", () => {
  it("give every event type a layout of booths with unique ids, a size and a price, inside the map, none overlapping", () => {
    for (const slug of eventTypeSlugs) {
      const layout = layoutOf(slug);
      expect(layout.booths.length, slug).toBeGreaterThanOrEqual(12);
      const ids = layout.booths.map((b) => b.id);
      expect(new Set(ids).size, `${slug} ids`).toBe(ids.length);
      for (const booth of layout.booths) {
        expect(booth.width * booth.height, `${slug} ${booth.id}`).toBeGreaterThan(0);
        expect(booth.priceUsd, `${slug} ${booth.id}`).toBeGreaterThan(0);
        expect(booth.x + booth.width, `${slug} ${booth.id}`).toBeLessThanOrEqual(layout.width);
        expect(booth.y + booth.height, `${slug} ${booth.id}`).toBeLessThanOrEqual(layout.height);
        for (const other of layout.booths)
          if (other !== booth)
            expect(overlap(booth, other), `${slug} ${booth.id}/${other.id}`).toBe(false);
        for (const mark of layout.landmarks)
          expect(overlap(booth, mark), `${slug} ${booth.id} on ${mark.label}`).toBe(false);
      }
    }
  });

  it("draw each kind of event its own way: tables at card shows, trucks at rallies, stalls at farmers markets", () => {
    const kinds = (slug: string) => new Set(layoutOf(slug).booths.map((b) => b.kind));
    expect(kinds("card-shows")).toEqual(new Set(["table"]));
    expect(kinds("food-truck-rallies")).toEqual(new Set(["truck"]));
    expect(kinds("farmers-markets")).toEqual(new Set(["stall"]));
    expect(kinds("art-fairs")).toEqual(new Set(["bay"]));
    const lanes = layoutOf("food-truck-rallies").landmarks.filter((mark) => mark.kind === "lane");
    expect(lanes.map((lane) => lane.label)).toEqual(["Drive lane"]);
    const descriptions = eventTypeSlugs.map((slug) => layoutOf(slug).description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });
});
