// Labels and targets of the header and footer navigation.
import { type EventTypeSlug, eventTypeSlugs, paths } from "../config/paths";
import { siteConfig } from "../config/site";

export const eventTypeNames: Record<EventTypeSlug, string> = {
  "pop-up-markets": "Pop-Up Markets",
  "farmers-markets": "Farmers Markets",
  "flea-markets": "Flea Markets",
  "food-truck-rallies": "Food Truck Rallies",
  "sneaker-expos": "Sneaker Expos",
  "vintage-antique-shows": "Vintage & Antique Shows",
  "comic-cons-fan-expos": "Comic Cons & Fan Expos",
  "health-wellness-markets": "Health & Wellness Markets",
  "cultural-heritage-festivals": "Cultural & Heritage Festivals",
  "card-shows": "Card Shows",
  "art-fairs": "Art Fairs",
};

export const eventTypeLinks = eventTypeSlugs.map((slug) => ({
  label: eventTypeNames[slug],
  to: paths.eventType(slug),
}));

export const headerNav = {
  home: { label: "Home", to: paths.home },
  eventTypes: "Event Types",
  main: [
    { label: "Features", to: paths.features },
    { label: "How It Works", to: paths.howItWorks },
    { label: "Pricing", to: paths.pricing },
    { label: "Guides", to: paths.guides },
    { label: "Contact", to: paths.contact },
  ],
  login: { label: "Login", href: siteConfig.appLinks.login },
  signUp: { label: "Sign Up Free", href: siteConfig.appLinks.signUp },
  menuLabel: "Menu",
  closeLabel: "Close",
  skipLink: "Skip to content",
} as const;

export const footerNav = {
  blurb:
    "Vendor applications, booth maps and payments for the organizers of markets, shows and festivals.",
  links: [
    { label: "Guides", to: paths.guides },
    { label: "About", to: paths.about },
    { label: "Careers", to: paths.careers },
    { label: "Press", to: paths.press },
    { label: "Privacy Policy", to: paths.privacyPolicy },
    { label: "Terms of Service", to: paths.termsService },
    { label: "Security", to: paths.security },
    { label: "Cookie Policy", to: paths.cookies },
  ],
  social: siteConfig.social,
  copyright: `© ${siteConfig.name}. All rights reserved.`,
} as const;
