// The track-event payload: a pageview or a click on one of the site's calls to action, linked to its session's
// tracked visit. One schema for the browser and the server.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";
import { requiredText, requiredUuid } from "./fields.ts";
import { objectError } from "./function-result.ts";
import { functionNames, functionPath } from "./functions.ts";

export const trackEventPath = functionPath(functionNames.trackEvent);

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

export const trackEventLimits = { path: 2000 } as const;

export const trackEventErrors = {
  /** The 500 answer when the event could not be stored. */
  failed: "Failed to track event",
  name: `name must be one of: ${eventNames.join(", ")}`,
  path: "path must be a path on this site, starting with /",
} as const;

export const trackEventSchema = z.strictObject(
  {
    /** Made by the browser for each event: a repeat of the same id is stored once. */
    event_id: requiredUuid("event_id"),
    /** The tab's session, as track-referrer received it. */
    session_id: requiredUuid("session_id"),
    name: z.enum(eventNames, { error: trackEventErrors.name }),
    /** The page the event happened on (path and query, no origin). */
    path: requiredText("path", { max: trackEventLimits.path }).refine(
      (value) => value.startsWith("/") && !value.startsWith("//"),
      trackEventErrors.path,
    ),
  },
  { error: objectError },
);

export type TrackEventPayload = z.input<typeof trackEventSchema>;
export type TrackEvent = z.output<typeof trackEventSchema>;
