// The track-referrer payload (docs/product.md, "Referrer call"): one schema for the browser and the server.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";
import { fieldErrors, isHttpUrl, presentText, requiredText, requiredUuid } from "./fields.ts";
import { objectError } from "./function-result.ts";
import { functionNames, functionPath } from "./functions.ts";

export const trackReferrerPath = functionPath(functionNames.trackReferrer);

/** The referrer the browser sends when `document.referrer` is empty. */
export const directReferrer = "direct";

export const trackReferrerLimits = {
  referrer: 2000,
  page_url: 2000,
  user_agent: 512,
} as const;

export const trackReferrerErrors = {
  /** The 500 answer when the visit could not be stored. */
  failed: "Failed to track referrer",
  referrer: `referrer must be "${directReferrer}" or an absolute http:// or https:// URL`,
} as const;

export const trackReferrerSchema = z.strictObject(
  {
    session_id: requiredUuid("session_id"),
    referrer: requiredText("referrer", { max: trackReferrerLimits.referrer }).refine(
      (value) => value === directReferrer || isHttpUrl(value),
      trackReferrerErrors.referrer,
    ),
    page_url: requiredText("page_url", { max: trackReferrerLimits.page_url }).refine(
      isHttpUrl,
      fieldErrors.httpUrl("page_url"),
    ),
    /** navigator.userAgent: always sent, may be empty. */
    user_agent: presentText("user_agent", { max: trackReferrerLimits.user_agent }),
  },
  { error: objectError },
);

export type TrackReferrerPayload = z.input<typeof trackReferrerSchema>;
export type TrackReferrer = z.output<typeof trackReferrerSchema>;
