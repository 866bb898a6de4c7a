// The track-event payload: a pageview or a click on one of the site's calls to action, linked to its session's
// tracked visit. One schema for the browser and the server.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";
import { eventNames } from "./event-names.ts";
import { requiredText, requiredUuid } from "./fields.ts";
import { objectError } from "./function-result.ts";
import { functionNames, functionPath } from "./functions.ts";

export const trackEventPath = functionPath(functionNames.trackEvent);

export { type EventName, eventNames, signUpEvents } from "./event-names.ts";

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
