// The two organizer testimonials (docs/product.md, "Testimonials"): on the flea market and card show pages, and on home.
// Each is marked `sample` until an organizer's own words, with permission, replace it: launch-check lists them.

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** Placeholder wording, not a real organizer's words: remove the flag when replacing the quote. */
  sample?: true;
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      "Vendors apply, pay and get their table number online now. I stopped chasing payments by text, because the reminders go out without me.",
    name: "Maria",
    role: "flea market organizer",
    sample: true,
  },
  {
    quote:
      "Dealers pick their own tables on the map and pay right away. Sold tables grey out, so I don't double-book anyone anymore.",
    name: "Derek",
    role: "card show organizer",
    sample: true,
  },
];

export const testimonialsHeading = {
  title: "What organizers say",
  intro: "Organizers who moved their vendors off spreadsheets and into one place.",
} as const;
