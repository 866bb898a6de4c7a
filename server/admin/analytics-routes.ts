// Referrer analytics of the last 7, 30 or 90 days in the analytics time zone (today included), optionally of one
// source class.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnalyticsReport } from "../../contracts/admin-api.ts";
import { analyticsQuerySchema } from "../../contracts/admin-requests.ts";
import { addDays, startOfDay, zonedDay } from "../../contracts/time-zone.ts";

/** The window of the last `days` days, today included: from the start of the first to the end of today. */
export function analyticsWindow(
  days: number,
  now: number,
  timeZone = "UTC",
): { since: number; until: number } {
  const today = zonedDay(now, timeZone);
  return {
    since: startOfDay(addDays(today, 1 - days), timeZone),
    until: startOfDay(addDays(today, 1), timeZone),
  };
}

export default async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const route = {
    schema: { querystring: analyticsQuerySchema },
    config: { report: true as const },
  };
  app.withTypeProvider<ZodTypeProvider>().get("/analytics", route, async (request) => {
    const { days, source } = request.query;
    const window = analyticsWindow(days, Date.now(), app.analyticsTimeZone);
    const figures = await app.repositories.referrerAnalytics.report(window, {
      sources: source ? [source] : undefined,
    });
    const report: AnalyticsReport = {
      days,
      since: new Date(window.since).toISOString(),
      until: new Date(window.until).toISOString(),
      ...figures,
    };
    return report;
  });
}
