// POST /functions/v1/track-referrer: validates, stores the session's visit (committed before the answer), 200.
// Idempotent per session_id: a repeat answers 200 and stores nothing. The visit's device, browser and OS come from
// its user agent and its country from the client address (TRUST_PROXY decides which), which is not kept.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { functionNames } from "../../contracts/functions.ts";
import { trackReferrerErrors, trackReferrerSchema } from "../../contracts/track-referrer.ts";
import { countryOf, loadCountries } from "../audience/country.ts";
import { deviceOf } from "../audience/device.ts";
import { acceptOnly, jsonOnly, rejectOtherMethods, success } from "./http.ts";
import { deriveReferrerVisit } from "./referrer-visit.ts";

export const trackReferrerRateLimits = [{ max: 60, windowMs: 60_000 }] as const;

export default async function trackReferrer(app: FastifyInstance): Promise<void> {
  const url = `/${functionNames.trackReferrer}`;
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      schema: { body: trackReferrerSchema },
      onRequest: [acceptOnly(jsonOnly), ...app.addressRateLimit(trackReferrerRateLimits)],
      config: { failureText: trackReferrerErrors.failed },
    },
    async (request) => {
      const visit = deriveReferrerVisit(request.body, request.headers["user-agent"]);
      await loadCountries();
      await app.repositories.referrerVisits.record({
        ...visit,
        ...deviceOf(visit.user_agent),
        country: countryOf(request.ip),
      });
      return success;
    },
  );
  rejectOtherMethods(app, url);
}
