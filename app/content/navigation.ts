// Labels and targets of the header and footer navigation: the texts from content/site.yaml, the links from config.
import { type EventTypeSlug, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { eventTypeEntries, siteTexts } from "./store";

/** "Flea Markets": each event-type page's name, from its content file. */
export const eventTypeNames: Readonly<Record<EventTypeSlug, string | undefined>> =
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ eventTypeEntries.map((entry) => [entry.slug, entry.name]),
  );

export const eventTypeLinks = /* @__PURE__ */ eventTypeEntries.map((entry) => ({
  label: entry.name,
  to: paths.eventType(entry.slug),
}));

type SiteTexts = typeof siteTexts;

function headerNavOf({ header }: SiteTexts) {
  return {
    home: { label: header.home, to: paths.home },
    eventTypes: header.eventTypes,
    main: header.main,
    login: { label: header.login, href: siteConfig.appLinks.login },
    signUp: { label: header.signUp, href: siteConfig.appLinks.signUp },
    menuLabel: header.menu,
    closeLabel: header.close,
    skipLink: header.skipLink,
    mainNavLabel: header.mainNav,
    mobileNavLabel: header.mobileNav,
  };
}

function footerNavOf({ footer }: SiteTexts) {
  return { ...footer, social: siteConfig.social };
}

// Built in calls marked pure, as the exports above: a bundle that uses none of them leaves the texts out.
export const headerNav = /* @__PURE__ */ headerNavOf(siteTexts);
export const footerNav = /* @__PURE__ */ footerNavOf(siteTexts);
