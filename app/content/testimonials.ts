// The organizer testimonials (docs/product.md, "Testimonials"): on the flea market and card show pages, and on home.
// Each is one file in content/testimonials/; one marked `sample` is shown with a "Sample" mark and launch-check lists it.
import { siteTexts, testimonialEntries } from "./store.ts";

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** Placeholder wording, not a real organizer's words: cleared when an organizer's own words replace it. */
  sample: boolean;
  /** Its file's name: content/testimonials/<slug>.yaml. */
  slug: string;
}

export const testimonials: readonly Testimonial[] = /* @__PURE__ */ testimonialEntries.map(
  (entry) => ({
    quote: entry.quote,
    name: entry.name,
    role: entry.role,
    sample: entry.sample,
    slug: entry.slug,
  }),
);

/** The heading and introduction above them on the event-type pages (content/site.yaml). */
export const testimonialsHeading = siteTexts.testimonials;
