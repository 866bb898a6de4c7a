// POST /functions/v1/track-event: validates, appends the event (committed before the answer), 200. Idempotent per
// event_id: a repeat answers 200 and stores nothing. A browser that sends Global Privacy Control (Sec-GPC: 1) is
// answered 200 and nothing is stored. No cookie, no address and no fingerprint is kept: the event, its session
// and whether the user agent is a bot's.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { functionNames } from "../../contracts/functions.ts";
import { trackEventErrors, trackEventSchema } from "../../contracts/track-event.ts";
import { acceptOnly, jsonOnly, rejectOtherMethods, success } from "./http.ts";
import { isBotUserAgent } from "./referrer-visit.ts";

/** A page load and a few clicks per page: well above a person's pace, well below a flood's. */
export const trackEventRateLimits = [{ max: 120, windowMs: 60_000 }] as const;

export default async function trackEvent(app: FastifyInstance): Promise<void> {
  const url = `/${functionNames.trackEvent}`;
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      schema: { body: trackEventSchema },
      onRequest: [acceptOnly(jsonOnly), ...app.addressRateLimit(trackEventRateLimits)],
      config: { failureText: trackEventErrors.failed },
    },
    async (request) => {
      if (request.headers["sec-gpc"] === "1") return success;
      await app.repositories.siteEvents.append({
        ...request.body,
        is_bot: isBotUserAgent(request.headers["user-agent"] ?? ""),
      });
      return success;
    },
  );
  rejectOtherMethods(app, url);
}
