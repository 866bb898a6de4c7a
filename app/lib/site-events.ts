// The site's events (contracts/track-event.ts): a pageview on every page load and a click on each link that leaves
// for the organizer app, a demo video or a social profile. Sent with keepalive so leaving the page never waits on
// it; nothing is sent when the browser asks for Global Privacy Control.

import { type EventName, eventNames } from "../../contracts/event-names";
import { functionNames, functionPath } from "../../contracts/functions";
import type { TrackEventPayload } from "../../contracts/track-event";
import { siteConfig } from "../config/site";
import { goalAttribute } from "../islands/markup";
import { backendHeaders } from "./backend";
import { appPageOf } from "./hand-off";
import { privacyControlOn } from "./privacy-control";
import { trackedSessionId } from "./referrer-tracking";

/**
 * The event a link's click counts as, or null for a link the site does not count. A link to the app is named by
 * its page alone: the site script has set the visit's hand-off parameters on it (hand-off.ts).
 */
export function eventOfLink(href: string): EventName | null {
  const { appLinks, videos, social } = siteConfig;
  const appPage = appPageOf(href);
  if (appPage === appLinks.signUp) return "sign_up";
  if (appPage === appLinks.login) return "login";
  if (appPage === appLinks.sampleEvent) return "sample_event";
  if (href === videos.demo || href === videos.venueMapHowTo) return "video";
  if (social.some((profile) => profile.href === href)) return "social";
  return null;
}

function isEventName(value: string | null): value is EventName {
  return value !== null && (eventNames as readonly string[]).includes(value);
}

/** Sends one event; a failure is only logged (a missed count must never break the page). */
export function sendEvent(name: EventName): void {
  if (privacyControlOn()) return;
  const payload: TrackEventPayload = {
    event_id: crypto.randomUUID(),
    session_id: trackedSessionId(),
    name,
    path: `${location.pathname}${location.search}`,
  };
  fetch(functionPath(functionNames.trackEvent), {
    method: "POST",
    headers: backendHeaders(),
    body: JSON.stringify(payload),
    keepalive: true,
    credentials: "same-origin",
  }).catch((error: unknown) => console.error("Error tracking event", error));
}

/** Counts this page load, then every counted link the visitor follows (by mouse, keyboard or touch). */
export function trackEvents(doc: Document): void {
  sendEvent("pageview");
  doc.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    const goal = link?.getAttribute(goalAttribute) ?? null;
    const name = isEventName(goal)
      ? goal
      : link
        ? eventOfLink((link as HTMLAnchorElement).href)
        : null;
    if (name) sendEvent(name);
  });
}
