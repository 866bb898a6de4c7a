// Retention of raw visits: once the server listens, and every hour after, the visits older than
// VISIT_RETENTION_DAYS are deleted, 500 rows a statement with a turn of the event loop between statements, so a
// request never waits behind more than one small delete. The daily rollups keep their counts (they hold no
// personal data). VISIT_RETENTION_DAYS=0 keeps raw visits forever. The hourly rollups, which only the console's
// "today" chart reads, are trimmed to today and yesterday on the same schedule, whatever the setting. The console's
// audit record is kept 400 days whatever the setting; expired one-time links and their mails go after a week; a
// sender's address acknowledged a day ago goes (only the limit of one acknowledgement a day needs it).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const dayMs = 24 * 60 * 60 * 1000;

/** How long the record of who did what in the console is kept. */
export const auditRetentionDays = 400;

/** Expired links stay this long, so an owner sees an invitation lapse before it goes. */
const expiredLinkDays = 7;

export interface VisitRetentionOptions {
  /** Days raw visits are kept; 0: forever. */
  days: number;
  /** Between two runs. */
  intervalMs?: number | undefined;
  /** Rows per DELETE statement. */
  batchSize?: number | undefined;
  now?: (() => number) | undefined;
}

export interface VisitRetention {
  /** Deletes the visits past the retention period now; the number deleted. */
  run(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    visitRetention: VisitRetention;
  }
}

async function visitRetention(app: FastifyInstance, options: VisitRetentionOptions): Promise<void> {
  const { days, intervalMs = 60 * 60 * 1000, batchSize = 500, now = Date.now } = options;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const pruneTeamRecords = async () => {
    const { adminAudit, adminLinks, outbox } = app.repositories;
    while (!stopped) {
      const count = await adminAudit.deleteOlderThan(now() - auditRetentionDays * dayMs, batchSize);
      if (count < batchSize) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await adminLinks.deleteExpiredBefore(now() - expiredLinkDays * dayMs);
    await outbox.delete({ kind: "team-mail", before: now() - expiredLinkDays * dayMs });
    await app.repositories.leadSenders.deleteExpiredAcknowledgements(now());
  };

  const deleteExpired = async (): Promise<number> => {
    await app.repositories.visitRollups.pruneHours(now());
    await pruneTeamRecords();
    if (days === 0) return 0;
    const before = now() - days * dayMs;
    let deleted = 0;
    // Raw visits, raw events (pageviews, clicks) and the funnel steps visits reached are kept for the same days.
    const { referrerVisits, siteEvents, visitRollups } = app.repositories;
    for (const deleteOlderThan of [
      referrerVisits.deleteOlderThan,
      siteEvents.deleteOlderThan,
      visitRollups.deleteStepsOlderThan,
    ]) {
      while (!stopped) {
        const count = await deleteOlderThan(before, batchSize);
        deleted += count;
        if (count < batchSize) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return deleted;
  };

  const run = (): Promise<number> => {
    running ??= deleteExpired().finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduled = () => {
    run()
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted, days }, "old raw visits deleted");
      })
      .catch((error: unknown) => app.log.error({ err: error }, "deleting old raw visits failed"));
  };

  app.decorate("visitRetention", { run });
  app.addHook("onListen", async () => {
    scheduled();
    timer = setInterval(scheduled, intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    stopped = true;
    clearInterval(timer);
    await running?.catch(() => {});
  });
}

export default fp(visitRetention, {
  name: "visit-retention",
  fastify: "5.x",
  dependencies: ["database"],
});
