// The outbox worker (ADR 47) of this instance: one loop over all outgoing work, with the handlers the configuration
// turns on (mail with SMTP_URL, the weekly report unless WEEKLY_REPORT=off, webhooks and Slack when set). Started
// once the server listens, stopped on close before the mailer closes the transport it shares.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env.ts";
import { reportWindows } from "../mail/weekly-report-mail.ts";
import { outboxHandlers } from "../outbox/handlers.ts";
import { type OutboxTuning, OutboxWorker } from "../outbox/worker.ts";

export interface OutboxPluginOptions {
  env: Env;
  /** Worker timing (tests drive the clock and shorten the intervals). */
  tuning?: Partial<OutboxTuning> | undefined;
}

export interface Outbox {
  readonly worker: OutboxWorker;
  /** Work was queued: look at the outbox now. */
  wake(): void;
  /** Starts the worker (done when the server listens; tests that only inject call it themselves). */
  start(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

async function outbox(app: FastifyInstance, options: OutboxPluginOptions): Promise<void> {
  const { env, tuning } = options;
  const { transport } = app.mailer;
  const reportOn = transport !== null && env.WEEKLY_REPORT !== "off";
  if (env.WEEKLY_REPORT === "off") app.log.info("weekly report is off (WEEKLY_REPORT=off)");
  const analytics = app.repositories.referrerAnalytics;
  const log = app.log.child({ component: "outbox" });
  const worker = new OutboxWorker({
    outbox: app.repositories.outbox,
    database: app.database,
    probe: transport ? () => transport.verify() : undefined,
    log,
    tuning,
    handlers: outboxHandlers({
      env,
      outbox: app.repositories.outbox,
      messages: app.repositories.contactMessages,
      transport,
      http: app.leads.http,
      now: tuning?.now ?? Date.now,
      log,
      messageChanged: (messageId) => app.consoleEvents.messageChanged(messageId),
      weekFigures: reportOn
        ? async (week) => {
            const windows = reportWindows(week, env.ANALYTICS_TIME_ZONE);
            const [current, before] = await Promise.all([
              analytics.breakdown(windows.week, {}),
              analytics.breakdown(windows.before, {}),
            ]);
            return { week: current, before };
          }
        : undefined,
    }),
  });
  app.decorate("outbox", {
    worker,
    wake: () => worker.wake(),
    start: () => worker.start(),
  } satisfies Outbox);
  app.addHook("onListen", async () => {
    if (worker.running) return;
    worker.start();
    if (reportOn) {
      app.log.info(
        { to: env.MAIL_TO },
        "weekly report on: each Monday the team is e-mailed the week that ended",
      );
    }
  });
  app.addHook("onClose", () => worker.stop());
}

export default fp(outbox, {
  name: "outbox",
  fastify: "5.x",
  dependencies: ["database", "rollup-worker", "mailer", "leads", "console-events"],
});
