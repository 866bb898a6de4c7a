// The names of the site's events: shared by the browser's site script (no zod there) and the track-event contract.
/**
 * What the site counts: every page load, and each outbound click by what it leads to: the organizer app's sign-up
 * (Sign Up Free, Let's Go and every "Start Your …" button lead there), login and sample event page, the demo
 * videos, the social profiles. A guide's own sign-up button counts as `guide_sign_up`: a goal of its own, and a
 * sign-up too (signUpEvents).
 */
export const eventNames = [
  "pageview",
  "sign_up",
  "guide_sign_up",
  "login",
  "sample_event",
  "video",
  "social",
] as const;

export type EventName = (typeof eventNames)[number];

/** The clicks the console counts as sign-ups: its headline conversion and the funnel's last step. */
export const signUpEvents: readonly EventName[] = ["sign_up", "guide_sign_up"];
