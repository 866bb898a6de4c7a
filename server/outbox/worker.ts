// The outbox worker (ADR 47): one loop in the server process, outside any request. It claims due rows under a lease,
// hands each to the handler of its kind, and marks it sent, schedules its retry (the schedule of ADR 5), or, after
// four days or a final refusal, marks it failed. Its leases live as long as the process: on PostgreSQL it holds a
// session advisory lock named by its owner id, so the leases of an instance that died are taken back at the next
// look of any instance, never those of a live one. While the SMTP server is unreachable it is probed; when it
// answers, the mails that waited for it are due at once.
import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { AppDatabase } from "../db/database.ts";
import {
  type ClaimedWork,
  type MailFailure,
  type OutboxRepository,
  outboxLockClass,
} from "../db/repositories/outbox.ts";
import type { OutboxKind } from "../db/schema.ts";
import { afterFailure, defaultRetrySchedule, type RetrySchedule } from "../mail/retry-schedule.ts";

/** The subset of pino's logger the worker writes to. */
export type WorkerLog = Pick<FastifyBaseLogger, "debug" | "info" | "warn" | "error">;

/** What one kind of work does: send it, and say what a failure means. */
export interface Handler {
  /** Its log lines' prefix ("mail outbox", "lead deliveries", "weekly report", "team mail"). */
  name: string;
  /** What its log lines name the work by (the message, the delivery and its channel, the week). */
  about(work: ClaimedWork): object;
  /** Sent over the SMTP transport: a connection failure waits for the server to answer a probe. */
  smtp?: boolean;
  /** The payload is erased once the work is sent or given up (a link that must not stay). */
  erase?: boolean;
  /** Sends the work; resolves "gone" when there is nothing to send any more (its message was erased). */
  send(work: ClaimedWork, signal: AbortSignal): Promise<undefined | "gone">;
  /** The failure's kind and text; `final`: no later attempt can succeed. */
  failure(error: unknown): MailFailure & { final?: boolean };
  /** What the log says of a failure, when not the failure itself (an SMTP reply may quote an address). */
  logged?(error: unknown, failure: MailFailure): object;
  /** The work's state changed: the console shows it live. */
  changed?(work: ClaimedWork): void;
  /** Before each look: queues the work the clock makes due (the weekly report). */
  schedule?(at: number): Promise<void>;
}

/** Timing of the worker; tests shorten the intervals and drive the clock. */
export interface OutboxTuning {
  now: () => number;
  /** Jitter of the retry delays, in [0, 1). */
  random: () => number;
  /** Longest sleep between two looks (rows of other instances, missed wake-ups, dead instances' leases). */
  pollIntervalMs: number;
  batchSize: number;
  /** How long a claimed row stays the worker's if the worker lives: longer than any send may take. */
  leaseMs: number;
  /** A send still running after this is cut short and counts as failed (no answer). */
  sendTimeoutMs: number;
  /** While the SMTP server is unreachable, it is checked again this often. */
  probeIntervalMs: number;
  /** While deliveries keep failing, a warning at most this often (each failure is logged at debug level). */
  failureLogIntervalMs: number;
  /** On stop, an in-flight send gets this long to finish before it is cut short and its row given back. */
  stopGraceMs: number;
  schedule: RetrySchedule;
}

export const defaultOutboxTuning: OutboxTuning = {
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

export interface OutboxWorkerOptions {
  outbox: OutboxRepository;
  database: AppDatabase;
  handlers: Partial<Record<OutboxKind, Handler>>;
  /** Checks that the SMTP server answers (the transport's verify), when mail is on. */
  probe?: (() => Promise<unknown>) | undefined;
  log: WorkerLog;
  tuning?: Partial<OutboxTuning> | undefined;
}

/** SQLite databases (by file) served by a worker of this process: one instance per file. */
const sqliteWorkers = new Set<string>();

const shutdown = Symbol("shutdown");

export class OutboxWorker {
  /** The advisory lock's second key on PostgreSQL: a random int4, stored as the leases' owner. */
  readonly owner = String(randomInt(1, 2 ** 31));
  readonly stats = { attempts: 0, sent: 0, retries: 0, failed: 0 };
  readonly #options: OutboxWorkerOptions;
  readonly #tuning: OutboxTuning;
  readonly #smtpKinds: OutboxKind[];
  /** The kinds this instance sends (its configuration turns the others off): the only ones it claims. */
  readonly #kinds: OutboxKind[];
  readonly #inFlight = new Set<AbortController>();
  readonly #stopping = new AbortController();
  #loop: Promise<void> | undefined;
  #running = false;
  #wakeUp: (() => void) | undefined;
  #woken = false;
  #lock: pg.Client | undefined;
  #reclaimedAt = Number.NEGATIVE_INFINITY;
  #unreachable = false;
  #lastProbeAt = Number.NEGATIVE_INFINITY;
  /** Per handler name: since when its deliveries keep failing, and how many failures since the last warning. */
  readonly #failing = new Map<string, { lastLogAt: number; since: number }>();

  constructor(options: OutboxWorkerOptions) {
    this.#options = options;
    const given = Object.entries(options.tuning ?? {}).filter(([, value]) => value !== undefined);
    this.#tuning = { ...defaultOutboxTuning, ...Object.fromEntries(given) };
    this.#kinds = Object.keys(options.handlers) as OutboxKind[];
    this.#smtpKinds = this.#kinds.filter((kind) => options.handlers[kind]?.smtp);
  }

  get running(): boolean {
    return this.#running;
  }

  /** Starts the loop (once; after stop() it stays stopped). On SQLite a second worker on a database is refused. */
  start(): void {
    if (this.#loop) return;
    const { dialect, location } = this.#options.database;
    if (dialect === "sqlite") {
      if (sqliteWorkers.has(location)) {
        throw new Error(`an outbox worker already serves the SQLite database ${location}`);
      }
      sqliteWorkers.add(location);
    }
    this.#running = true;
    this.#loop = this.#run().finally(() => sqliteWorkers.delete(location));
  }

  /** Looks at the outbox now (work was just queued) instead of at the end of the current sleep. */
  wake(): void {
    this.#woken = true;
    this.#wakeUp?.();
  }

  /** Stops claiming and waits for the sends in flight; one still running after the grace is cut short and released. */
  async stop(): Promise<void> {
    if (!this.#loop) return;
    this.#running = false;
    this.#stopping.abort();
    this.wake();
    const timer = setTimeout(() => {
      for (const controller of this.#inFlight) controller.abort(shutdown);
    }, this.#tuning.stopGraceMs);
    try {
      await this.#loop;
    } finally {
      clearTimeout(timer);
      await this.#lock?.end().catch(() => {});
      this.#lock = undefined;
    }
  }

  async #run(): Promise<void> {
    const { outbox, log } = this.#options;
    try {
      await this.#reclaim();
      // Mail that waited for an unreachable server: check it at once (a restart often follows a fix).
      if (await outbox.hasConnectionFailures(this.#smtpKinds)) this.#unreachable = true;
    } catch (error) {
      log.error({ err: error }, "outbox: cannot read the outbox");
    }
    while (this.#running) {
      let wait: number;
      try {
        wait = await this.#tick();
      } catch (error) {
        log.error({ err: error }, "outbox: worker error; trying again");
        wait = this.#tuning.pollIntervalMs;
      }
      if (this.#running) await this.#sleep(wait);
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#woken || ms <= 0) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#wakeUp?.(), ms);
      this.#wakeUp = () => {
        clearTimeout(timer);
        this.#wakeUp = undefined;
        this.#woken = false;
        resolve();
      };
    });
  }

  /** Holds this instance's lock (PostgreSQL), then ends the leases of instances that are gone. */
  async #reclaim(): Promise<void> {
    const { database, outbox, log } = this.#options;
    this.#reclaimedAt = this.#tuning.now();
    if (database.dedicatedClient && !this.#lock) {
      const client = database.dedicatedClient("lease");
      // A lost connection loses the lock: the next look takes a new one (the leases meanwhile may go to others).
      client.on("error", () => {
        if (this.#lock === client) this.#lock = undefined;
      });
      await client.connect();
      await client.query("select pg_advisory_lock($1, $2)", [outboxLockClass, Number(this.owner)]);
      this.#lock = client;
    }
    const released = await outbox.releaseOrphans(this.owner, this.#tuning.now());
    if (released > 0) log.info({ released }, "outbox: leases of a stopped instance released");
  }

  /** One look at the outbox; returns how long to sleep before the next. */
  async #tick(): Promise<number> {
    const { outbox, handlers } = this.#options;
    const { now, batchSize, leaseMs, pollIntervalMs, probeIntervalMs } = this.#tuning;
    if (now() - this.#reclaimedAt >= pollIntervalMs) await this.#reclaim();
    for (const handler of Object.values(handlers)) await handler.schedule?.(now());
    if (this.#unreachable && now() - this.#lastProbeAt >= probeIntervalMs) await this.#probe();
    // An instance with nothing turned on (no SMTP, no receivers) has nothing to send; `in ()` is no SQL either.
    if (!this.#running || this.#kinds.length === 0) return this.#running ? pollIntervalMs : 0;
    const claimed = await outbox.claim(this.owner, now(), batchSize, leaseMs, this.#kinds);
    if (claimed.length > 0) {
      // Every send settles before the next look (and before stop() returns).
      await Promise.all(claimed.map((work) => this.#deliver(work)));
      return 0;
    }
    const at = now();
    let wait = pollIntervalMs;
    const due = await outbox.nextDueAt(this.#kinds);
    if (due !== null) wait = Math.min(wait, due - at);
    if (this.#unreachable) wait = Math.min(wait, this.#lastProbeAt + probeIntervalMs - at);
    // Never spin: rows due but locked by another instance are looked at again shortly.
    return Math.max(wait, Math.min(20, pollIntervalMs));
  }

  async #probe(): Promise<void> {
    this.#lastProbeAt = this.#tuning.now();
    const { signal } = this.#stopping;
    const stopped = new Promise<false>((resolve) => {
      if (signal.aborted) resolve(false);
      signal.addEventListener("abort", () => resolve(false), { once: true });
    });
    try {
      // A probe in progress is not waited for by stop().
      if (!(await Promise.race([this.#options.probe?.().then(() => true), stopped]))) return;
    } catch (error) {
      const failure = this.#options.handlers["contact-mail"]?.failure(error);
      this.#options.log.debug({ failure }, "mail outbox: SMTP server still unreachable");
      return;
    }
    await this.#reachable();
  }

  /** The SMTP server answers again: the mails that waited for it are due now. */
  async #reachable(): Promise<void> {
    if (!this.#unreachable) return;
    this.#unreachable = false;
    const released = await this.#options.outbox.releaseConnectionFailures(
      this.#smtpKinds,
      this.#tuning.now(),
    );
    this.#options.log.info({ released }, "mail outbox: SMTP server reachable again");
    this.wake();
  }

  async #deliver(work: ClaimedWork): Promise<void> {
    const { outbox, log } = this.#options;
    // Only kinds with a handler are claimed.
    const handler = this.#options.handlers[work.kind] as Handler;
    const finish = (end: Parameters<OutboxRepository["finish"]>[2]) =>
      outbox.finish(work.id, this.owner, end, handler.erase);
    const { name } = handler;
    try {
      const { sendTimeoutMs } = this.#tuning;
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          controller.abort(
            Object.assign(new Error(`no answer in ${sendTimeoutMs} ms`), { code: "ETIMEDOUT" }),
          ),
        sendTimeoutMs,
      );
      this.#inFlight.add(controller);
      this.stats.attempts++;
      let gone: undefined | "gone";
      try {
        gone = await handler.send(work, controller.signal);
      } catch (error) {
        if (controller.signal.reason === shutdown) {
          await finish({ outcome: "released", at: this.#tuning.now() });
          log.info(handler.about(work), `${name}: send cut short by shutdown`);
          return;
        }
        await this.#failed(
          work,
          handler,
          controller.signal.aborted ? controller.signal.reason : error,
        );
        return;
      } finally {
        clearTimeout(timer);
        this.#inFlight.delete(controller);
      }
      if (gone) return;
      if (!(await finish({ outcome: "sent", at: this.#tuning.now() }))) {
        log.warn(
          handler.about(work),
          `${name}: sent after the lease ended; it may be sent again (same Message-ID or webhook-id)`,
        );
      }
      this.stats.sent++;
      handler.changed?.(work);
      if (this.#failing.delete(name)) log.info({}, `${name}: delivering again`);
      if (handler.smtp) await this.#reachable();
    } catch (error) {
      // The database failed while marking: the row stays leased, taken back when this instance restarts.
      log.error({ err: error, ...handler.about(work) }, `${name}: cannot record a delivery`);
    }
  }

  async #failed(work: ClaimedWork, handler: Handler, error: unknown): Promise<void> {
    const { outbox, log } = this.#options;
    const { now, random, schedule } = this.#tuning;
    const at = now();
    const { final, ...failure } = handler.failure(error);
    if (handler.smtp && failure.kind === "connection" && !this.#unreachable) {
      this.#unreachable = true;
      this.#lastProbeAt = at;
    }
    const next = final
      ? { giveUp: true as const }
      : afterFailure(schedule, { ...work, at }, random);
    const details = {
      ...handler.about(work),
      attempts: work.attempts,
      ...(handler.logged?.(error, failure) ?? failure),
    };
    const { name } = handler;
    if ("giveUp" in next) {
      await outbox.finish(work.id, this.owner, { outcome: "failed", at, failure }, handler.erase);
      this.stats.failed++;
      handler.changed?.(work);
      const why = final ? "refused for good" : "gave up after 4 days";
      log.error(details, `${name}: NOT delivered; ${why} (marked failed, see the admin console)`);
      return;
    }
    await outbox.finish(work.id, this.owner, { outcome: "retry", retryAt: next.retryAt, failure });
    this.stats.retries++;
    handler.changed?.(work);
    const retry = { ...details, retryAt: new Date(next.retryAt).toISOString() };
    // A server down for hours fails ~50 times a day: a warning when a handler starts failing, then one at most
    // every failureLogIntervalMs with the count since; each failure in between at debug level.
    const failing = this.#failing.get(name);
    if (!failing) {
      this.#failing.set(name, { lastLogAt: at, since: 0 });
      log.warn(retry, `${name}: delivery failed; will retry`);
    } else if (at - failing.lastLogAt >= this.#tuning.failureLogIntervalMs) {
      const since = { failuresSinceLastWarning: failing.since + 1 };
      log.warn({ ...retry, ...since }, `${name}: delivery still failing; will retry`);
      this.#failing.set(name, { lastLogAt: at, since: 0 });
    } else {
      failing.since++;
      log.debug(retry, `${name}: delivery failed; will retry`);
    }
  }
}
