// Links to the organizer app carry the visit's first-touch campaign and its tracked session id, so the app can
// attribute a sign-up to a campaign (docs/functions.md, "What links to the organizer app carry"). Nothing under Global Privacy Control.
import { utmParameters } from "../../contracts/utm";
import { business } from "../config/business";
import { siteConfig } from "../config/site";
import { privacyControlOn } from "./privacy-control";
import { type TrackingEnvironment, trackedSessionId } from "./referrer-tracking";

/** The parameter holding the tracked session id: the id the site's functions store with the visit and its events. */
export const sessionParameter = "bp_session";

/**
 * How every link to the app starts once the browser has resolved it (`a.href`): its origin, then a slash. The
 * origin compared whole, so a host that merely begins like the app's (app.example.evil.test) is not the app.
 */
const appPrefix = `${new URL(siteConfig.appUrl).origin}/`;

/** The app page a link leads to (origin and path, without the query the hand-off adds), or null for another link. */
export function appPageOf(href: string): string | null {
  if (!href.startsWith(appPrefix)) return null;
  const url = new URL(href);
  return url.origin + url.pathname;
}

/** The utm_* values of a query that are not blank, in a fixed order. */
function utmOf(query: string): URLSearchParams {
  const all = new URLSearchParams(query);
  const utm = new URLSearchParams();
  for (const name of utmParameters) {
    const value = all.get(name)?.trim();
    if (value) utm.set(name, value);
  }
  return utm;
}

export interface HandOffEnvironment
  extends Pick<TrackingEnvironment, "storage" | "href" | "randomUUID"> {
  privacyControl: boolean;
}

function browserEnvironment(): HandOffEnvironment {
  return {
    storage: window.sessionStorage,
    href: window.location.href,
    randomUUID: () => crypto.randomUUID(),
    privacyControl: privacyControlOn(),
  };
}

/**
 * What links to the app carry from this page: the utm_* values of the session's first page and the tracked session
 * id, or null under Global Privacy Control. The first page stores its values (none is stored too), so a later
 * page's campaign never replaces the one that brought the visitor.
 */
export function handOffAttribution(
  env: HandOffEnvironment = browserEnvironment(),
): URLSearchParams | null {
  if (env.privacyControl) return null;
  let firstTouch = env.storage.getItem(business.firstTouchKey);
  if (firstTouch === null) {
    firstTouch = utmOf(new URL(env.href).search).toString();
    env.storage.setItem(business.firstTouchKey, firstTouch);
  }
  const attribution = utmOf(firstTouch);
  attribution.set(sessionParameter, trackedSessionId(env));
  return attribution;
}

/**
 * The href with the attribution set on it when it leads to the app, keeping the link's own query and fragment
 * (a parameter of the same name is replaced, never doubled); any other href as it was.
 */
export function withHandOff(href: string, attribution: URLSearchParams): string {
  if (!href.startsWith(appPrefix)) return href;
  const url = new URL(href);
  for (const [name, value] of attribution) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Rewrites the links to the app when the site script runs, so the address the visitor sees, copies or opens in a
 * new tab is the one followed. Only those links are written: any other keeps its href as authored.
 */
export function handOffLinks(
  links: Iterable<{ href: string }>,
  attribution: URLSearchParams | null = handOffAttribution(),
): void {
  if (!attribution) return;
  for (const link of links) {
    const href = withHandOff(link.href, attribution);
    if (href !== link.href) link.href = href;
  }
}
