// Product picture: the venue map in the demo's palette, the demo's floor with some vendors placed.

import { placedVendors, venueMapPictureSample as sample } from "../../content/product-pictures";
import { venueDemoCopy } from "../../content/venue-demo";
import { interactiveDemoLayout } from "../../content/venue-layouts";
import { VenueMap, VenueMapLegend } from "../marketing/venue-map";
import { ProductFrame } from "./product-frame";

export function VenueMapPicture({ className }: { className?: string }) {
  return (
    <ProductFrame picture={sample} className={className}>
      <VenueMap layout={interactiveDemoLayout} states={placedVendors} />
      <VenueMapLegend items={venueDemoCopy.legend} />
    </ProductFrame>
  );
}
