// Labels and targets of the header and footer navigation.
import { type EventTypeSlug, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { eventTypeEntries } from "./store";

/** "Flea Markets": each event-type page's name, from its content file. */
export const eventTypeNames: Readonly<Record<EventTypeSlug, string | undefined>> =
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ eventTypeEntries.map((entry) => [entry.slug, entry.name]),
  );

export const eventTypeLinks = /* @__PURE__ */ eventTypeEntries.map((entry) => ({
  label: entry.name,
  to: paths.eventType(entry.slug),
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
