// The weekly report (ADR 30): with mail delivery on and WEEKLY_REPORT not off, a worker started once the server
// listens e-mails the team the figures of each week that ends, once however many instances share the database, and
// is stopped on close (before the mailer closes the transport it shares).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env.ts";
import { composeWeeklyReportMail, reportWindows } from "../mail/weekly-report-mail.ts";
import { type WeeklyReportTuning, WeeklyReportWorker } from "../mail/weekly-report-worker.ts";

export interface WeeklyReportPluginOptions {
  env: Env;
  /** Worker timing (tests move the clock and shorten the intervals). */
  tuning?: Partial<WeeklyReportTuning> | undefined;
}

export interface WeeklyReport {
  /** The worker, when the report is on. */
  readonly worker: WeeklyReportWorker | null;
  /** Starts the worker (done when the server listens; tests that only inject call it themselves). */
  start(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    weeklyReport: WeeklyReport;
  }
}

async function weeklyReport(
  app: FastifyInstance,
  options: WeeklyReportPluginOptions,
): Promise<void> {
  const { env } = options;
  const { transport } = app.mailer;
  // Without mail delivery the mailer has said so at start already.
  if (env.WEEKLY_REPORT === "off" || !transport || !env.MAIL_FROM) {
    if (env.WEEKLY_REPORT === "off") app.log.info("weekly report is off (WEEKLY_REPORT=off)");
    app.decorate("weeklyReport", { worker: null, start() {} });
    return;
  }
  const timeZone = env.ANALYTICS_TIME_ZONE;
  const settings = { from: env.MAIL_FROM, to: env.MAIL_TO, siteUrl: env.SITE_URL, timeZone };
  const analytics = app.repositories.referrerAnalytics;
  const worker = new WeeklyReportWorker({
    ...options.tuning,
    reports: app.repositories.weeklyReports,
    transport,
    log: app.log.child({ component: "weekly-report" }),
    timeZone,
    async compose(week, at) {
      // The visits and events still queued for the rollups are counted first.
      await app.rollupWorker.catchUp();
      const windows = reportWindows(week, timeZone);
      const [current, before] = await Promise.all([
        analytics.breakdown(windows.week, {}),
        analytics.breakdown(windows.before, {}),
      ]);
      return composeWeeklyReportMail(week, { week: current, before }, settings, at);
    },
  });
  app.decorate("weeklyReport", { worker, start: () => worker.start() });
  app.addHook("onListen", async () => {
    if (worker.running) return;
    worker.start();
    app.log.info(
      { to: env.MAIL_TO },
      "weekly report on: each Monday the team is e-mailed the week that ended",
    );
  });
  app.addHook("onClose", () => worker.stop());
}

export default fp(weeklyReport, {
  name: "weekly-report",
  fastify: "5.x",
  dependencies: ["database", "rollup-worker", "mailer"],
});
