// Referrer analytics of the last 7, 30 or 90 UTC days (today included), optionally of one source class.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnalyticsReport } from "../../contracts/admin-api.ts";
import { analyticsQuerySchema } from "../../contracts/admin-requests.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The window of the last `days` UTC days, today included: from the start of the first to the end of today. */
export function analyticsWindow(days: number, now: number): { since: number; until: number } {
  const startOfToday = Math.floor(now / dayMs) * dayMs;
  return { since: startOfToday - (days - 1) * dayMs, until: startOfToday + dayMs };
}

export default async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const route = { schema: { querystring: analyticsQuerySchema } };
  app.withTypeProvider<ZodTypeProvider>().get("/analytics", route, async (request) => {
    const { days, source } = request.query;
    const window = analyticsWindow(days, Date.now());
    await app.rollupWorker.catchUp();
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
