// The outbox worker (ADR 5): runs in the server process, outside any request. It claims due outbox rows under a
// lease, sends each message over the one SMTP transporter, and marks it sent, schedules its retry, or, after four
// days, marks it failed. While the SMTP server is unreachable it checks it again every probe interval; when it
// answers, the messages that waited for it are due at once.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { SendMailOptions } from "nodemailer";
import type {
  ClaimedMail,
  MailFailure,
  MailOutboxRepository,
  OutboxMessage,
} from "../db/repositories/mail-outbox.ts";
import { WorkerLoop } from "../worker-loop.ts";
import { afterFailure, defaultRetrySchedule, type RetrySchedule } from "./retry-schedule.ts";
import { classifyMailError, type MailTransport, type SentMail } from "./transport.ts";

/** The subset of pino's logger the worker writes to. */
export interface WorkerLog {
  debug(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Timing of the worker; tests shorten the intervals and drive the clock. */
export interface OutboxWorkerTuning {
  /** The clock of due times, leases and the four days (ms since the epoch). */
  now: () => number;
  /** Jitter of the retry delays, in [0, 1). */
  random: () => number;
  /** Longest sleep between two looks at the outbox (rows of other instances, missed wake-ups). */
  pollIntervalMs: number;
  /** Rows claimed at once. */
  batchSize: number;
  /** How long a claimed row stays the worker's: longer than any send may take. */
  leaseMs: number;
  /** A send still running after this is cut short and counts as failed (no answer). */
  sendTimeoutMs: number;
  /** While the server is unreachable, it is checked again this often. */
  probeIntervalMs: number;
  /** While deliveries keep failing, a warning at most this often (each failure is logged at debug level). */
  failureLogIntervalMs: number;
  /** On stop, an in-flight send gets this long to finish before it is cut short. */
  stopGraceMs: number;
  schedule: RetrySchedule;
}

export const defaultWorkerTuning: OutboxWorkerTuning = {
  now: Date.now,
  random: Math.random,
  pollIntervalMs: 5_000,
  batchSize: 20,
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 60_000,
  probeIntervalMs: 15_000,
  failureLogIntervalMs: 10 * 60_000,
  stopGraceMs: 5_000,
  schedule: defaultRetrySchedule,
};

/** The defaults with every option given a value: one left undefined keeps its default. */
export function tuningOf<T extends object>(defaults: T, options: object): T {
  const given = Object.entries(options).filter(
    ([key, value]) => value !== undefined && key in defaults,
  );
  return { ...defaults, ...(Object.fromEntries(given) as Partial<T>) };
}

/** What a worker needs of an outbox table: the contact mails' (mail_outbox) or the team's (team_mail). */
export type OutboxQueue<M> = Pick<
  MailOutboxRepository,
  | "claim"
  | "markSent"
  | "markRetry"
  | "markFailed"
  | "releaseLease"
  | "releaseAllLeases"
  | "releaseConnectionFailures"
  | "hasConnectionFailures"
  | "nextDueAt"
> & { load(ids: readonly string[]): Promise<M[]> };

export interface OutboxWorkerOptions<M extends { id: string } = OutboxMessage>
  extends Partial<OutboxWorkerTuning> {
  outbox: OutboxQueue<M>;
  transport: MailTransport;
  compose: (message: M) => SendMailOptions;
  log: WorkerLog;
  /**
   * Set on SQLite (the database file): only one worker may serve it, so at start every lease left in it belongs
   * to a process that is gone and is released at once. On PostgreSQL leases of other instances are respected.
   */
  singleWorkerKey?: string | undefined;
  /** A message's e-mail was sent, failed or is to be retried (recorded): the console shows it live. */
  onChange?: ((messageId: string) => void) | undefined;
}

export interface OutboxWorkerStats {
  attempts: number;
  sent: number;
  retries: number;
  failed: number;
}

/** SQLite databases (by file) served by a worker of this process. */
const singleWorkerDatabases = new Set<string>();

const shutdown = Symbol("shutdown");

class SendTimeoutError extends Error {
  override name = "SendTimeoutError";
  readonly code = "ETIMEDOUT";
}

export class OutboxWorker<M extends { id: string } = OutboxMessage> {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly stats: OutboxWorkerStats = { attempts: 0, sent: 0, retries: 0, failed: 0 };
  readonly #options: OutboxWorkerOptions<M>;
  readonly #tuning: OutboxWorkerTuning;
  readonly #loop: WorkerLoop;
  readonly #inFlight = new Set<AbortController>();
  /** The last failure had no SMTP reply: the server is probed until it answers. */
  #unreachable = false;
  #lastProbeAt = Number.NEGATIVE_INFINITY;
  #failing = false;
  #lastFailureLogAt = 0;
  #failuresSinceLog = 0;

  constructor(options: OutboxWorkerOptions<M>) {
    this.#options = options;
    this.#tuning = tuningOf(defaultWorkerTuning, options);
    this.#loop = new WorkerLoop({
      prologue: () => this.#prologue(),
      tick: () => this.#tick(),
      failed: (error) =>
        options.log.error({ err: error }, "mail outbox: worker error; trying again"),
      retryMs: this.#tuning.pollIntervalMs,
      stopGraceMs: this.#tuning.stopGraceMs,
      cutShort: () => {
        for (const controller of this.#inFlight) controller.abort(shutdown);
      },
    });
  }

  get running(): boolean {
    return this.#loop.running;
  }

  /** Starts the loop (once). On SQLite a second worker on the same database is refused. */
  start(): void {
    if (this.#loop.started) return;
    const key = this.#options.singleWorkerKey;
    if (key !== undefined) {
      if (singleWorkerDatabases.has(key)) {
        throw new Error(`a mail outbox worker already serves the SQLite database ${key}`);
      }
      singleWorkerDatabases.add(key);
    }
    void this.#loop.start().finally(() => {
      if (key !== undefined) singleWorkerDatabases.delete(key);
    });
  }

  /** Looks at the outbox now (a message was just queued) instead of at the end of the current sleep. */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Stops claiming and waits for the sends in flight; one still running after the grace period is cut short and
   * its row given back (due at once, so the next start sends it again).
   */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #prologue(): Promise<void> {
    const { outbox, log } = this.#options;
    const { now } = this.#tuning;
    try {
      if (this.#options.singleWorkerKey !== undefined) {
        const released = await outbox.releaseAllLeases(now());
        if (released > 0)
          log.info({ released }, "mail outbox: leases of a stopped worker released");
      }
      // Messages that waited for an unreachable server: check it at once (a restart often follows a fix).
      if (await outbox.hasConnectionFailures()) this.#unreachable = true;
    } catch (error) {
      log.error({ err: error }, "mail outbox: cannot read the outbox");
    }
  }

  /** One look at the outbox; returns how long to sleep before the next. */
  async #tick(): Promise<number> {
    const { outbox } = this.#options;
    const { now, batchSize, leaseMs, pollIntervalMs, probeIntervalMs } = this.#tuning;
    if (this.#unreachable && now() - this.#lastProbeAt >= probeIntervalMs) await this.#probe();
    if (!this.#loop.running) return 0;
    const claimed = await outbox.claim(this.owner, now(), batchSize, leaseMs);
    if (claimed.length > 0) {
      await this.#deliver(claimed);
      return 0;
    }
    const at = now();
    let wait = pollIntervalMs;
    const due = await outbox.nextDueAt();
    if (due !== null) wait = Math.min(wait, due - at);
    if (this.#unreachable) wait = Math.min(wait, this.#lastProbeAt + probeIntervalMs - at);
    // Never spin: rows due but locked by another instance are looked at again shortly.
    return Math.max(wait, Math.min(20, pollIntervalMs));
  }

  async #probe(): Promise<void> {
    this.#lastProbeAt = this.#tuning.now();
    try {
      const answered = await Promise.race([
        this.#options.transport.verify().then(() => true),
        // A probe in progress is not waited for by stop().
        new Promise<false>((resolve) => {
          const { stopSignal } = this.#loop;
          if (stopSignal.aborted) resolve(false);
          stopSignal.addEventListener("abort", () => resolve(false), { once: true });
        }),
      ]);
      if (!answered) return;
    } catch (error) {
      this.#options.log.debug(
        { failure: classifyMailError(error) },
        "mail outbox: SMTP server still unreachable",
      );
      return;
    }
    await this.#reachable();
  }

  /** The server answers again: the messages that waited for it are due now. */
  async #reachable(): Promise<void> {
    if (!this.#unreachable) return;
    this.#unreachable = false;
    const released = await this.#options.outbox.releaseConnectionFailures(this.#tuning.now());
    this.#options.log.info({ released }, "mail outbox: SMTP server reachable again");
    this.wake();
  }

  async #deliver(claimed: ClaimedMail[]): Promise<void> {
    const messages = new Map(
      (await this.#options.outbox.load(claimed.map((claim) => claim.messageId))).map((message) => [
        message.id,
        message,
      ]),
    );
    // Every send settles before the next look at the outbox (and before stop() returns).
    const results = await Promise.allSettled(
      claimed.map(async (claim) => {
        const message = messages.get(claim.messageId);
        // Deleted meanwhile: its outbox row went with it.
        if (message) await this.#send(claim, message);
      }),
    );
    for (const result of results) {
      if (result.status === "rejected") {
        // The database failed while marking: the row stays leased and is tried again when the lease ends.
        this.#options.log.error({ err: result.reason }, "mail outbox: cannot record a delivery");
      }
    }
  }

  async #send(claim: ClaimedMail, message: M): Promise<void> {
    const { outbox, transport, compose, log } = this.#options;
    const { now, sendTimeoutMs } = this.#tuning;
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(
          new SendTimeoutError(`no answer from the SMTP server in ${sendTimeoutMs} ms`),
        ),
      sendTimeoutMs,
    );
    this.#inFlight.add(controller);
    this.stats.attempts++;
    let sent: SentMail;
    try {
      sent = await transport.send(compose(message), controller.signal);
    } catch (error) {
      if (controller.signal.reason === shutdown) {
        await outbox.releaseLease(message.id, this.owner, now());
        log.info({ messageId: message.id }, "mail outbox: send cut short by shutdown");
        return;
      }
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      await this.#failed(claim, classifyMailError(reason));
      return;
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(controller);
    }
    if (sent.rejected.length > 0) {
      log.warn(
        { messageId: message.id, rejected: sent.rejected },
        "mail outbox: some MAIL_TO recipients were refused; the others received the message",
      );
    }
    if (!(await outbox.markSent(message.id, this.owner, now()))) {
      log.warn(
        { messageId: message.id },
        "mail outbox: sent after the lease ended; another worker may send it again (same Message-ID)",
      );
    }
    this.stats.sent++;
    this.#options.onChange?.(message.id);
    this.#succeeded();
    await this.#reachable();
  }

  async #failed(claim: ClaimedMail, failure: MailFailure): Promise<void> {
    const { outbox, log } = this.#options;
    const { now, random, schedule } = this.#tuning;
    const at = now();
    if (failure.kind === "connection" && !this.#unreachable) {
      this.#unreachable = true;
      this.#lastProbeAt = at;
    }
    const next = afterFailure(schedule, { ...claim, at }, random);
    const details = { messageId: claim.messageId, attempts: claim.attempts, ...failure };
    if ("giveUp" in next) {
      await outbox.markFailed(claim.messageId, this.owner, at, failure);
      this.stats.failed++;
      this.#options.onChange?.(claim.messageId);
      log.error(
        details,
        "mail outbox: contact message NOT delivered; gave up after 4 days (marked failed, see the admin console)",
      );
      return;
    }
    await outbox.markRetry(claim.messageId, this.owner, next.retryAt, failure);
    this.stats.retries++;
    this.#options.onChange?.(claim.messageId);
    const retry = { ...details, retryAt: new Date(next.retryAt).toISOString() };
    if (!this.#failing) {
      this.#failing = true;
      this.#lastFailureLogAt = at;
      this.#failuresSinceLog = 0;
      log.warn(retry, "mail outbox: delivery failed; will retry");
    } else if (at - this.#lastFailureLogAt >= this.#tuning.failureLogIntervalMs) {
      log.warn(
        { ...retry, failuresSinceLastWarning: this.#failuresSinceLog + 1 },
        "mail outbox: delivery still failing; will retry",
      );
      this.#lastFailureLogAt = at;
      this.#failuresSinceLog = 0;
    } else {
      this.#failuresSinceLog++;
      log.debug(retry, "mail outbox: delivery failed; will retry");
    }
  }

  #succeeded(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#options.log.info({}, "mail outbox: delivering again");
  }
}
