// The weekly report's worker (ADR 30): runs in the server process, outside any request. Every few minutes it adds the
// report of the week that last ended (one row per week, whichever instance comes first), claims the due reports under
// a lease, reads each week's figures, sends the e-mail over the mail transport and marks it sent; a failed send is
// tried again on the contact mails' schedule (ADR 5) and given up after the same four days.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { SendMailOptions } from "nodemailer";
import type { MailFailure } from "../db/repositories/mail-outbox.ts";
import type { ClaimedReport, WeeklyReportsRepository } from "../db/repositories/weekly-reports.ts";
import { WorkerLoop } from "../worker-loop.ts";
import {
  defaultWorkerTuning,
  type OutboxWorkerTuning,
  tuningOf,
  type WorkerLog,
} from "./outbox-worker.ts";
import { afterFailure } from "./retry-schedule.ts";
import { classifyMailError, type MailTransport } from "./transport.ts";
import { lastFinishedWeek } from "./weekly-report-mail.ts";

/** Timing of the worker; tests move the clock and shorten the intervals. */
export interface WeeklyReportTuning
  extends Pick<
    OutboxWorkerTuning,
    "now" | "random" | "leaseMs" | "sendTimeoutMs" | "stopGraceMs" | "schedule"
  > {
  /** Longest sleep between two looks for a week that has ended and for due reports. */
  checkIntervalMs: number;
}

const { now, random, leaseMs, sendTimeoutMs, stopGraceMs, schedule } = defaultWorkerTuning;

/** The contact mails' lease, send limit, retry schedule and four days; a look every five minutes. */
export const defaultWeeklyReportTuning: WeeklyReportTuning = {
  now,
  random,
  leaseMs,
  sendTimeoutMs,
  stopGraceMs,
  schedule,
  checkIntervalMs: 5 * 60_000,
};

export interface WeeklyReportWorkerOptions extends Partial<WeeklyReportTuning> {
  reports: WeeklyReportsRepository;
  transport: MailTransport;
  /** The e-mail of the week starting on `week`, its figures read now, dated `at`. */
  compose: (week: string, at: number) => Promise<SendMailOptions>;
  log: WorkerLog;
  /** ANALYTICS_TIME_ZONE: when a week ends (UTC when absent). */
  timeZone?: string | undefined;
}

export interface WeeklyReportStats {
  sent: number;
  retries: number;
  failed: number;
}

const shutdown = Symbol("shutdown");

export class WeeklyReportWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly stats: WeeklyReportStats = { sent: 0, retries: 0, failed: 0 };
  readonly #options: WeeklyReportWorkerOptions;
  readonly #tuning: WeeklyReportTuning;
  readonly #loop: WorkerLoop;
  #inFlight: AbortController | undefined;
  /** The last week whose row this worker has seen written: not inserted again at every look. */
  #scheduled: string | undefined;

  constructor(options: WeeklyReportWorkerOptions) {
    this.#options = options;
    this.#tuning = tuningOf(defaultWeeklyReportTuning, options);
    this.#loop = new WorkerLoop({
      tick: () => this.#tick(),
      failed: (error) =>
        options.log.error({ err: error }, "weekly report: worker error; trying again"),
      retryMs: this.#tuning.checkIntervalMs,
      stopGraceMs: this.#tuning.stopGraceMs,
      cutShort: () => this.#inFlight?.abort(shutdown),
    });
  }

  get running(): boolean {
    return this.#loop.running;
  }

  /** Starts the loop (once). */
  start(): void {
    void this.#loop.start();
  }

  /**
   * Stops looking and waits for a send in flight; one still running after the grace period is cut short and its
   * report given back, due at once (the next start sends it).
   */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** One look: the last week's report added if it is not yet, the due ones sent; how long to sleep after. */
  async #tick(): Promise<number> {
    const { reports, log } = this.#options;
    const { now, checkIntervalMs } = this.#tuning;
    const at = now();
    const week = lastFinishedWeek(at, this.#options.timeZone);
    if (week !== this.#scheduled) {
      if (await reports.schedule(week, at)) {
        log.info({ week }, "weekly report: the week is over; its report is queued");
      }
      this.#scheduled = week;
    }
    for (const claim of await reports.claim(this.owner, now(), this.#tuning.leaseMs)) {
      if (this.#loop.running) await this.#send(claim);
      else await reports.finish(claim.week, this.owner, { outcome: "released", at: now() });
    }
    const due = await reports.nextDueAt();
    const wait = due === null ? checkIntervalMs : Math.min(checkIntervalMs, due - now());
    // Never spin: a due time just past (another instance's claim took the row meanwhile) waits a moment.
    return Math.max(wait, Math.min(20, checkIntervalMs));
  }

  async #send(claim: ClaimedReport): Promise<void> {
    const { reports, transport, compose, log } = this.#options;
    const { now, sendTimeoutMs } = this.#tuning;
    const { week } = claim;
    let mail: SendMailOptions;
    try {
      // Read at the send, not when the week ended: the figures hold everything stored until now.
      mail = await compose(week, now());
    } catch (error) {
      // The lease stays: the report is tried again when it ends.
      log.error({ err: error, week }, "weekly report: cannot read the week's figures");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(
          Object.assign(new Error(`no answer from the SMTP server in ${sendTimeoutMs} ms`), {
            code: "ETIMEDOUT",
          }),
        ),
      sendTimeoutMs,
    );
    this.#inFlight = controller;
    try {
      await transport.send(mail, controller.signal);
    } catch (error) {
      if (controller.signal.reason === shutdown) {
        await reports.finish(week, this.owner, { outcome: "released", at: now() });
        log.info({ week }, "weekly report: send cut short by shutdown");
        return;
      }
      await this.#failed(
        claim,
        classifyMailError(controller.signal.aborted ? controller.signal.reason : error),
      );
      return;
    } finally {
      clearTimeout(timer);
      this.#inFlight = undefined;
    }
    if (!(await reports.finish(week, this.owner, { outcome: "sent", at: now() }))) {
      log.warn(
        { week },
        "weekly report: sent after the lease ended; another instance may send it again (same Message-ID)",
      );
    }
    this.stats.sent++;
    log.info({ week, attempts: claim.attempts }, "weekly report: sent");
  }

  async #failed(claim: ClaimedReport, failure: MailFailure): Promise<void> {
    const { reports, log } = this.#options;
    const { now, random, schedule } = this.#tuning;
    const at = now();
    const details = { week: claim.week, attempts: claim.attempts, ...failure };
    const next = afterFailure(schedule, { ...claim, at }, random);
    if ("giveUp" in next) {
      await reports.finish(claim.week, this.owner, { outcome: "failed", at, failure });
      this.stats.failed++;
      log.error(details, "weekly report NOT sent; gave up after 4 days (marked failed)");
      return;
    }
    await reports.finish(claim.week, this.owner, {
      outcome: "retry",
      retryAt: next.retryAt,
      failure,
    });
    this.stats.retries++;
    log.warn(
      { ...details, retryAt: new Date(next.retryAt).toISOString() },
      "weekly report: sending failed; will retry",
    );
  }
}
