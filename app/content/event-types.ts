// The event-type pages (docs/product.md, "Routes"), keyed by slug: each one file in content/event-types/.
import { type EventTypeSlug, eventTypeSlugs, normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { ctaLabels } from "./common";
import { fillIn } from "./fill-in";
import { eventTypeEntries, siteTexts } from "./store";
import { type VenueLayout, venueLayoutOf } from "./venue-layouts";

export interface EventTypeBenefit {
  title: string;
  body: string;
}

export interface EventTypePage {
  slug: EventTypeSlug;
  /** "Flea Markets": the page's name in the navigation. */
  name: string;
  badge: string;
  /** The page's <h1>. */
  headline: string;
  subline: string;
  /** Label of the primary call to action (to sign-up): "Start Your Flea Market". */
  ctaLabel: string;
  featuresTitle: string;
  features: readonly EventTypeBenefit[];
  letsGo: { title: string; body: string };
  /** Card shows link a sample event application page in the organizer app. */
  showSampleEvent: boolean;
  /** Flea markets and card shows show the two organizer testimonials. */
  showTestimonials: boolean;
  venueLayout: VenueLayout;
}

/** Every published event-type page, in navigation order, from content/event-types/. */
export const eventTypePages: Record<EventTypeSlug, EventTypePage> =
  /* @__PURE__ */ Object.fromEntries(
    /* @__PURE__ */ eventTypeEntries.map((entry) => [
      entry.slug,
      {
        slug: entry.slug,
        name: entry.name,
        badge: fillIn(siteTexts.eventTypeBadge, { EventType: entry.name }),
        headline: entry.headline,
        subline: entry.subline,
        ctaLabel: entry.ctaLabel,
        featuresTitle: entry.featuresTitle,
        features: entry.features,
        letsGo: {
          title: entry.letsGoTitle,
          body: fillIn(siteTexts.eventTypeClosing, { noun: entry.noun }),
        },
        showSampleEvent: entry.showSampleEvent,
        showTestimonials: entry.showTestimonials,
        venueLayout: venueLayoutOf(entry.venueMap),
      } satisfies EventTypePage,
    ]),
  );

/** The event-type page of a location path; throws for a path that is not one (a build error). */
export function eventTypePageFor(pathname: string): EventTypePage {
  const path = normalizePathname(pathname);
  const slug = eventTypeSlugs.find((s) => paths.eventType(s) === path);
  if (!slug) throw new Error(`${pathname} is not an event-type page`);
  return eventTypePages[slug] as EventTypePage;
}

export const eventTypeActions = {
  scheduleDemo: { label: ctaLabels.scheduleDemo, to: paths.contact },
  sampleEvent: { label: ctaLabels.sampleEvent, href: siteConfig.appLinks.sampleEvent },
  letsGo: { label: ctaLabels.letsGo, href: siteConfig.appLinks.signUp },
  signUp: siteConfig.appLinks.signUp,
} as const;
