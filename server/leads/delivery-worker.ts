// The worker of the lead deliveries (ADR 34): runs in the server process, outside any request, like the mail
// outbox's (ADR 5). It claims due deliveries under a lease, sends each (the signed webhook, the Slack message, the
// acknowledgement over the mail transport), and marks it sent, schedules its retry on the mail's schedule, or marks
// it failed: after four days, or at once for a receiver the configuration refuses.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type {
  ClaimedDelivery,
  LeadDeliveriesRepository,
} from "../db/repositories/lead-deliveries.ts";
import type { MailFailure, OutboxMessage } from "../db/repositories/mail-outbox.ts";
import {
  defaultWorkerTuning,
  type OutboxWorkerTuning,
  tuningOf,
  type WorkerLog,
} from "../mail/outbox-worker.ts";
import { afterFailure } from "../mail/retry-schedule.ts";
import { classifyMailError } from "../mail/transport.ts";
import { WorkerLoop } from "../worker-loop.ts";
import { DeliveryError } from "./http-post.ts";

export type DeliveryTuning = Pick<
  OutboxWorkerTuning,
  "now" | "random" | "pollIntervalMs" | "batchSize" | "leaseMs" | "stopGraceMs" | "schedule"
>;

export const defaultDeliveryTuning: DeliveryTuning = { ...defaultWorkerTuning };

/** Sends one delivery of a message; rejects with a DeliveryError (or a mail transport's error for an e-mail). */
export type Send = (
  delivery: ClaimedDelivery,
  message: OutboxMessage,
  signal: AbortSignal,
) => Promise<void>;

export interface DeliveryWorkerOptions extends Partial<DeliveryTuning> {
  deliveries: LeadDeliveriesRepository;
  /** The messages of the claimed deliveries (the mail outbox's loader: message and tracked visit). */
  load: (ids: readonly string[]) => Promise<OutboxMessage[]>;
  send: Send;
  log: WorkerLog;
  /** SQLite: the one worker of the database releases every lease left in it at its start. */
  singleWorker: boolean;
  /** A delivery's state changed: the console shows it live. */
  onChange?: ((messageId: string) => void) | undefined;
}

const shutdown = Symbol("shutdown");

function failureOf(
  error: unknown,
  channel: ClaimedDelivery["channel"],
): MailFailure & { final: boolean } {
  if (error instanceof DeliveryError)
    return { error: error.message, kind: error.kind, final: error.final };
  if (channel === "ack") return { ...classifyMailError(error), final: false };
  return { error: String(error), kind: "connection", final: false };
}

/**
 * What the log says of a failure. An SMTP server's reply to an acknowledgement usually quotes the sender's address
 * ("550 5.1.1 <ada@example.com>: Recipient address rejected"): its log line keeps the kind and the reply's code, and
 * the full text stays on the delivery's row, which the console shows to the team.
 */
function loggedFailure(
  error: unknown,
  channel: ClaimedDelivery["channel"],
  failure: MailFailure,
): Record<string, unknown> {
  if (channel !== "ack") return { ...failure };
  const { responseCode } = (typeof error === "object" && error !== null ? error : {}) as {
    responseCode?: unknown;
  };
  return {
    kind: failure.kind,
    ...(typeof responseCode === "number" ? { responseCode } : {}),
  };
}

export class DeliveryWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  readonly stats = { sent: 0, retries: 0, failed: 0 };
  readonly #options: DeliveryWorkerOptions;
  readonly #tuning: DeliveryTuning;
  readonly #loop: WorkerLoop;
  readonly #inFlight = new Set<AbortController>();

  constructor(options: DeliveryWorkerOptions) {
    this.#options = options;
    this.#tuning = tuningOf(defaultDeliveryTuning, options);
    const { deliveries, log } = options;
    this.#loop = new WorkerLoop({
      prologue: async () => {
        if (!options.singleWorker) return;
        await deliveries.releaseAllLeases(this.#tuning.now()).catch((error: unknown) => {
          log.error(
            { err: error },
            "lead deliveries: cannot release the leases of a stopped worker",
          );
        });
      },
      tick: () => this.#tick(),
      failed: (error) => log.error({ err: error }, "lead deliveries: worker error; trying again"),
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

  start(): void {
    void this.#loop.start();
  }

  /** Looks at the outbox now (a delivery was just queued). */
  wake(): void {
    this.#loop.wake();
  }

  /** Stops claiming and waits for the sends in flight; one still running after the grace is cut short and released. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  async #tick(): Promise<number> {
    const { deliveries } = this.#options;
    const { now, batchSize, leaseMs, pollIntervalMs } = this.#tuning;
    const claimed = await deliveries.claim(this.owner, now(), batchSize, leaseMs);
    if (claimed.length > 0) {
      const messages = new Map(
        (await this.#options.load([...new Set(claimed.map((claim) => claim.messageId))])).map(
          (message) => [message.id, message],
        ),
      );
      await Promise.allSettled(
        claimed.map(async (claim) => {
          const message = messages.get(claim.messageId);
          // Erased meanwhile: its deliveries went with it.
          if (message) await this.#deliver(claim, message);
        }),
      );
      return 0;
    }
    const due = await deliveries.nextDueAt();
    const wait = due === null ? pollIntervalMs : Math.min(pollIntervalMs, due - now());
    // Never spin: rows due but locked by another instance are looked at again shortly.
    return Math.max(wait, Math.min(20, pollIntervalMs));
  }

  async #deliver(claim: ClaimedDelivery, message: OutboxMessage): Promise<void> {
    const { deliveries, send, log } = this.#options;
    const { now, random, schedule } = this.#tuning;
    const controller = new AbortController();
    this.#inFlight.add(controller);
    try {
      await send(claim, message, controller.signal);
    } catch (error) {
      if (controller.signal.reason === shutdown) {
        await deliveries.finish(claim.id, this.owner, { outcome: "released", at: now() });
        return;
      }
      const { final, ...failure } = failureOf(error, claim.channel);
      const at = now();
      const next = final
        ? { giveUp: true as const }
        : afterFailure(schedule, { ...claim, at }, random);
      const details = {
        deliveryId: claim.id,
        channel: claim.channel,
        attempts: claim.attempts,
        ...loggedFailure(error, claim.channel, failure),
      };
      if ("giveUp" in next) {
        await deliveries.finish(claim.id, this.owner, { outcome: "failed", at, failure });
        this.stats.failed++;
        log.error(details, "lead deliveries: NOT delivered; marked failed (see the admin console)");
      } else {
        await deliveries.finish(claim.id, this.owner, {
          outcome: "retry",
          retryAt: next.retryAt,
          failure,
        });
        this.stats.retries++;
        // A receiver down for hours fails ~50 times a day: a warning for the first failure, the rest at debug.
        if (claim.attempts === 1) log.warn(details, "lead deliveries: delivery failed; will retry");
        else log.debug(details, "lead deliveries: delivery failed again; will retry");
      }
      this.#options.onChange?.(claim.messageId);
      return;
    } finally {
      this.#inFlight.delete(controller);
    }
    if (!(await deliveries.finish(claim.id, this.owner, { outcome: "sent", at: now() }))) {
      log.warn(
        { deliveryId: claim.id },
        "lead deliveries: sent after the lease ended; another worker may send it again (same webhook-id)",
      );
    }
    this.stats.sent++;
    this.#options.onChange?.(claim.messageId);
  }
}
