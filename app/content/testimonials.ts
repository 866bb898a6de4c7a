// The two organizer testimonials (SPEC section 1): shown on the flea market and card show pages, and on home.
// Placeholder wording until the organizers' own words are on file: first name and role only, no figures.

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      "Vendors apply, pay and get their table number online now. I stopped chasing payments by text, because the reminders go out without me.",
    name: "Maria",
    role: "flea market organizer",
  },
  {
    quote:
      "Dealers pick their own tables on the map and pay right away. Sold tables grey out, so I don't double-book anyone anymore.",
    name: "Derek",
    role: "card show organizer",
  },
];

export const testimonialsHeading = {
  title: "What organizers say",
  intro: "Organizers who moved their vendors off spreadsheets and into one place.",
} as const;
