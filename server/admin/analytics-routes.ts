// Referrer analytics of the last 7, 30 or 90 UTC days (today included), optionally of one source class.
import type { FastifyInstance } from "fastify";
import type { AnalyticsReport } from "../../contracts/admin-api.ts";
import { analyticsQuerySchema } from "../../contracts/admin-requests.ts";
import { firstErrorText } from "../../contracts/function-result.ts";
import { sendAdminError } from "./http.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The window of the last `days` UTC days, today included: from the start of the first to the end of today. */
export function analyticsWindow(days: number, now: number): { since: number; until: number } {
  const startOfToday = Math.floor(now / dayMs) * dayMs;
  return { since: startOfToday - (days - 1) * dayMs, until: startOfToday + dayMs };
}

export default async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/analytics", async (request, reply) => {
    const parsed = analyticsQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
    const { days, source } = parsed.data;
    const window = analyticsWindow(days, Date.now());
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
