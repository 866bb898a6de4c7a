// POST /functions/v1/track-referrer: validates, stores the session's visit (committed before the answer), 200.
// Idempotent per session_id: a repeat answers 200 and stores nothing.
import type { FastifyInstance } from "fastify";
import { firstErrorText } from "../../contracts/function-result.ts";
import { trackReferrerErrors, trackReferrerSchema } from "../../contracts/track-referrer.ts";
import { acceptOnly, jsonOnly, rejectOtherMethods, sendError, success } from "./http.ts";
import { deriveReferrerVisit } from "./referrer-visit.ts";

export const trackReferrerRateLimits = [{ max: 60, windowMs: 60_000 }] as const;

export default async function trackReferrer(app: FastifyInstance): Promise<void> {
  const url = "/v1/track-referrer";
  app.post(
    url,
    {
      onRequest: [acceptOnly(jsonOnly), ...app.addressRateLimit(trackReferrerRateLimits)],
      config: { failureText: trackReferrerErrors.failed },
    },
    async (request, reply) => {
      const parsed = trackReferrerSchema.safeParse(request.body);
      if (!parsed.success) return sendError(reply, 400, firstErrorText(parsed.error));
      try {
        await app.repositories.referrerVisits.record(
          deriveReferrerVisit(parsed.data, request.headers["user-agent"]),
        );
      } catch (error) {
        request.log.error({ err: error }, "referrer visit not stored");
        return sendError(reply, 500, trackReferrerErrors.failed);
      }
      return success;
    },
  );
  rejectOtherMethods(app, url);
}
