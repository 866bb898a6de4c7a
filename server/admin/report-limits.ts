// The console's reports and exports (routes marked `config.report`): a per-person limit generous for a person's clicks
// and tight for a script's loop (two windows through @fastify/rate-limit, keyed by the signed-in person), and at most
// a few running at once on the instance (more are refused at once, never queued): each may read years of rollups.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminErrors } from "../../contracts/admin-api.ts";
import { sendAdminError } from "./http.ts";

export interface ReportLimits {
  /** Windows per person: a burst of clicks, and a working session's worth. */
  perPerson: readonly { max: number; windowMs: number }[];
  /** Reports running at once on the instance. */
  atOnce: number;
}

/** 20 in 10 seconds and 200 in 10 minutes per person; 4 at once. */
export const defaultReportLimits: ReportLimits = {
  perPerson: [
    { max: 20, windowMs: 10_000 },
    { max: 200, windowMs: 10 * 60_000 },
  ],
  atOnce: 4,
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** A report or export: limited per person and in how many run at once ("search": only with a search term). */
    report?: true | "search";
  }
}

/** The hooks that hold reports to the limits: run after the session is known. */
export function reportLimiter(app: FastifyInstance, limits: ReportLimits = defaultReportLimits) {
  const windows = limits.perPerson.map((window) =>
    app.createRateLimit({
      max: window.max,
      timeWindow: window.windowMs,
      keyGenerator: (request) => request.adminSession?.userId ?? request.ip,
    }),
  );
  let running = 0;
  const counted = new WeakSet<FastifyRequest>();
  const tooMany = (reply: FastifyReply, seconds: number) =>
    sendAdminError(reply.header("retry-after", String(seconds)), 429, adminErrors.tooManyReports);

  return {
    async begin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
      const kind = request.routeOptions.config.report;
      if (!kind) return undefined;
      // The inbox's plain list reloads on every live event; only a search reads the whole inbox.
      if (kind === "search" && !(request.query as { q?: string }).q) return undefined;
      let wait = 0;
      for (const window of windows) {
        const result = await window(request);
        if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttlInSeconds, 1);
      }
      if (wait > 0) return tooMany(reply, wait);
      if (running >= limits.atOnce) return tooMany(reply, 1);
      running++;
      counted.add(request);
      return undefined;
    },
    /** The report's answer is out (or it failed): its place is free. */
    end(request: FastifyRequest): void {
      if (counted.delete(request)) running--;
    },
  };
}
