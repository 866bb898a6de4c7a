// The outbox of a lead's other deliveries (ADR 34): a row per message and receiver (each webhook URL, Slack, the
// acknowledgement to the sender), written in the transaction that stores the message, claimed under a lease like
// the mail outbox's (FOR UPDATE SKIP LOCKED on PostgreSQL, so instances sharing it deliver each row once), then
// marked sent, rescheduled or failed. A row's id is the webhook-id its every attempt carries: spam cancels a row
// without deleting it, and "not spam" revives it, so a message reaches a receiver under one id for its life.
import { randomUUID } from "node:crypto";
import type { AppDatabase, Executor } from "../database.ts";
import type { LeadChannel, MailErrorKind, MailOutboxStatus } from "../schema.ts";
import { leadSendersRepository } from "./lead-senders.ts";
import {
  claimedAttempt,
  finishLease,
  type LeaseEnd,
  leaseEndColumns,
  leaseStartColumns,
  nextDueAt,
  retryColumns,
} from "./outbox-leases.ts";

/** Where a message that is not spam goes besides the team's e-mail, as configured. */
export interface DeliveryPlan {
  /** WEBHOOK_URL. */
  webhooks: readonly string[];
  /** SLACK_WEBHOOK_URL. */
  slack: string | null;
  /** The sender gets an acknowledgement (SMTP on, ACK_EMAIL not off). */
  acknowledge: boolean;
}

export const noDeliveries: DeliveryPlan = { webhooks: [], slack: null, acknowledge: false };

export const hasDeliveries = (plan: DeliveryPlan) =>
  plan.webhooks.length > 0 || plan.slack !== null || plan.acknowledge;

export interface ClaimedDelivery {
  id: string;
  messageId: string;
  channel: LeadChannel;
  receiver: string;
  attempts: number;
  enqueuedAt: number;
}

/** A delivery as the console shows it. */
export interface DeliveryRow {
  channel: LeadChannel;
  receiver: string;
  status: MailOutboxStatus;
  attempts: number;
  lastAttemptAt: Date | string | null;
  lastError: string | null;
  lastErrorKind: MailErrorKind | null;
  sentAt: Date | string | null;
  failedAt: Date | string | null;
}

export interface LeadDeliveriesRepository {
  /**
   * Queues the plan's deliveries of a message that is not spam, due at `at`, in the caller's transaction. A
   * receiver that already has the message's delivery is skipped, unless it was cancelled: then that row (its id) is
   * due again; the acknowledgement only if its address had none in the last day. Returns the rows added or revived.
   */
  enqueue(
    message: { id: string; email: string },
    plan: DeliveryPlan,
    at: number,
    trx?: Executor,
  ): Promise<number>;
  /**
   * Deliveries not yet made are cancelled (the message turned out to be spam). One being sent keeps its lease: its
   * worker records what came of it.
   */
  cancel(messageId: string, trx?: Executor): Promise<void>;
  claim(owner: string, at: number, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Applies only while `owner` holds the lease (a cancelled row stays cancelled unless sent); false when it was lost. */
  finish(id: string, owner: string, end: LeaseEnd): Promise<boolean>;
  /** Every lease ends now: for the one worker of a SQLite database, at its start. */
  releaseAllLeases(at: number): Promise<number>;
  nextDueAt(): Promise<number | null>;
  /** The message's deliveries, the cancelled ones left out (a spam message shows none but those made). */
  ofMessage(messageId: string): Promise<DeliveryRow[]>;
  /** Puts the message's failed deliveries back, due at `at`, their attempts and four days counted afresh. */
  retryFailed(messageId: string, at: number): Promise<number>;
}

const iso = (at: number) => new Date(at).toISOString();

export function leadDeliveriesRepository(database: AppDatabase): LeadDeliveriesRepository {
  const { db, dialect } = database;
  const senders = leadSendersRepository(database);
  return {
    async enqueue(message, plan, at, trx = db) {
      const receivers: { channel: LeadChannel; receiver: string }[] = [
        ...plan.webhooks.map((receiver) => ({ channel: "webhook" as const, receiver })),
        ...(plan.slack ? [{ channel: "slack" as const, receiver: plan.slack }] : []),
      ];
      if (plan.acknowledge && (await senders.claimAcknowledgement(message.email, at, trx))) {
        receivers.push({ channel: "ack", receiver: message.email.trim().toLowerCase() });
      }
      if (receivers.length === 0) return 0;
      const result = await trx
        .insertInto("lead_deliveries")
        .values(
          receivers.map(({ channel, receiver }) => ({
            id: `msg_${randomUUID().replaceAll("-", "")}`,
            message_id: message.id,
            channel,
            receiver,
            created_at: iso(at),
            next_attempt_at: at,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .columns(["message_id", "channel", "receiver"])
            .doUpdateSet((eb) => ({
              status: "pending",
              // The four days before giving up count afresh, as after the team's "send again".
              created_at: iso(at),
              failed_at: null,
              // A row still being sent when it was cancelled keeps its lease: not claimed again while in flight.
              next_attempt_at: eb
                .case()
                .when("lead_deliveries.lease_owner", "is", null)
                .then(at)
                .else(eb.ref("lead_deliveries.next_attempt_at"))
                .end(),
            }))
            .where("lead_deliveries.status", "=", "cancelled"),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async cancel(messageId, trx = db) {
      await trx
        .updateTable("lead_deliveries")
        .set({ status: "cancelled" })
        .where("message_id", "=", messageId)
        .where("status", "in", ["pending", "failed"])
        .execute();
    },

    async claim(owner, at, limit, leaseMs) {
      const rows = await db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom("lead_deliveries")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .orderBy("next_attempt_at")
          .limit(limit);
        // As the mail outbox's claim (ADR 5): ids first, skipping rows another instance is claiming, then the update.
        if (dialect === "postgres") due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        return trx
          .updateTable("lead_deliveries")
          .set(leaseStartColumns(owner, at, leaseMs))
          .where("id", "in", ids)
          .returning(["id", "message_id", "channel", "receiver", "attempts", "created_at"])
          .execute();
      });
      return rows
        .map((row) => ({
          id: row.id,
          messageId: row.message_id,
          channel: row.channel,
          receiver: row.receiver,
          ...claimedAttempt(row),
        }))
        .sort((a, b) => a.enqueuedAt - b.enqueuedAt);
    },

    async finish(id, owner, end) {
      if (await finishLease(db, "lead_deliveries", { column: "id", value: id }, owner, end)) {
        return true;
      }
      // Cancelled while being sent: a delivery made is recorded as made; any other end leaves it cancelled.
      const result = await db
        .updateTable("lead_deliveries")
        .set({ ...leaseEndColumns(end), status: end.outcome === "sent" ? "sent" : "cancelled" })
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .where("status", "=", "cancelled")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async releaseAllLeases(at) {
      const result = await db
        .updateTable("lead_deliveries")
        .set({ lease_owner: null, next_attempt_at: at })
        .where("status", "=", "pending")
        .where("lease_owner", "is not", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    nextDueAt() {
      return nextDueAt(db, "lead_deliveries");
    },

    async ofMessage(messageId) {
      const rows = await db
        .selectFrom("lead_deliveries")
        .select([
          "channel",
          "receiver",
          "status",
          "attempts",
          "last_attempt_at",
          "last_error",
          "last_error_kind",
          "sent_at",
          "failed_at",
        ])
        .where("message_id", "=", messageId)
        .where("status", "!=", "cancelled")
        .orderBy("channel")
        .orderBy("receiver")
        .$narrowType<{ status: MailOutboxStatus }>()
        .execute();
      return rows.map((row) => ({
        channel: row.channel,
        receiver: row.receiver,
        status: row.status,
        attempts: Number(row.attempts),
        lastAttemptAt: row.last_attempt_at,
        lastError: row.last_error,
        lastErrorKind: row.last_error_kind,
        sentAt: row.sent_at,
        failedAt: row.failed_at,
      }));
    },

    async retryFailed(messageId, at) {
      const result = await db
        .updateTable("lead_deliveries")
        .set(retryColumns(at))
        .where("message_id", "=", messageId)
        .where("status", "=", "failed")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
