// The mail outbox (ADR 5): a row per contact message to e-mail, written with the message in one transaction,
// claimed by a worker under a lease, then marked sent, rescheduled or failed. On PostgreSQL several instances
// claim from one table: FOR UPDATE SKIP LOCKED hands each due row to one of them, and the lease keeps it theirs
// while they send. On SQLite one worker serves a database (one instance per file).
import type { UpdateObject } from "kysely";
import type { AppDatabase, Executor } from "../database.ts";
import type { MailErrorKind, MailOutboxStatus, ReferrerSource, Schema } from "../schema.ts";
import {
  claimedAttempt,
  hasConnectionFailures,
  leaseEndColumns,
  leaseStartColumns,
  nextDueAt,
  releaseAllLeases,
  releaseConnectionFailures,
} from "./outbox-leases.ts";

export interface ClaimedMail {
  messageId: string;
  /** Attempts started, this one included. */
  attempts: number;
  /** When the row was written (ms since the epoch). */
  enqueuedAt: number;
}

/** A contact message as the e-mail shows it, with the tracked session of its sender when there is one. */
export interface OutboxMessage {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string | null;
  businessName: string | null;
  website: string | null;
  message: string;
  session: {
    landingPath: string;
    source: ReferrerSource;
    referrerHost: string | null;
    utm: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
  } | null;
}

export interface MailFailure {
  error: string;
  kind: MailErrorKind;
}

export interface MailOutboxRepository {
  /** Queues the e-mail of a stored message, due at `at` (in the transaction that stores the message). */
  enqueue(messageId: string, at: number, trx?: Executor): Promise<void>;
  /** Leases up to `limit` due rows to `owner` until `at + leaseMs`, counting an attempt on each. */
  claim(owner: string, at: number, limit: number, leaseMs: number): Promise<ClaimedMail[]>;
  /** The messages of the given ids, with their sender's tracked session (ids not found are left out). */
  load(ids: readonly string[]): Promise<OutboxMessage[]>;
  /** Each mark applies only while `owner` holds the lease; false means it was lost (another worker has it). */
  markSent(messageId: string, owner: string, at: number): Promise<boolean>;
  markRetry(
    messageId: string,
    owner: string,
    nextAttemptAt: number,
    failure: MailFailure,
  ): Promise<boolean>;
  markFailed(messageId: string, owner: string, at: number, failure: MailFailure): Promise<boolean>;
  /** Gives a leased row back, due at `at` (a send cut short by shutdown). */
  releaseLease(messageId: string, owner: string, at: number): Promise<boolean>;
  /** Every lease ends now: for the single worker of a SQLite database at its start (no other worker can hold one). */
  releaseAllLeases(at: number): Promise<number>;
  /** Rows waiting because the server was unreachable become due at `at` (the server answers again). */
  releaseConnectionFailures(at: number): Promise<number>;
  /** True when a pending row is waiting because the server was unreachable. */
  hasConnectionFailures(): Promise<boolean>;
  /** The earliest due time (or lease end) of a pending row; null when nothing is pending. */
  nextDueAt(): Promise<number | null>;
  counts(): Promise<Record<MailOutboxStatus, number>>;
  /** When the oldest mail not yet sent was queued (ms since the epoch), or null when none is pending. */
  oldestPendingAt(): Promise<number | null>;
}

const toMillis = (value: Date | string | number): number =>
  typeof value === "number" ? value : new Date(value).getTime();

const iso = (at: number) => new Date(at).toISOString();

export function mailOutboxRepository(database: AppDatabase): MailOutboxRepository {
  const { db, dialect } = database;

  /** Updates a pending row the owner still leases; false when the lease was lost. */
  const finish = async (
    messageId: string,
    owner: string,
    values: UpdateObject<Schema, "mail_outbox">,
  ): Promise<boolean> => {
    const result = await db
      .updateTable("mail_outbox")
      .set(values)
      .where("message_id", "=", messageId)
      .where("lease_owner", "=", owner)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  return {
    async enqueue(messageId, at, trx = db) {
      await trx
        .insertInto("mail_outbox")
        .values({
          message_id: messageId,
          status: "pending",
          created_at: iso(at),
          attempts: 0,
          next_attempt_at: at,
        })
        .execute();
    },

    async claim(owner, at, limit, leaseMs) {
      const rows = await db.transaction().execute(async (trx) => {
        let due = trx
          .selectFrom("mail_outbox")
          .select("message_id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .orderBy("next_attempt_at")
          .limit(limit);
        // Rows another instance is claiming right now are skipped, not waited for. The due rows are selected
        // first and updated by id in a second statement: as one UPDATE ... WHERE id IN (SELECT ... LIMIT n
        // FOR UPDATE SKIP LOCKED), PostgreSQL may run the subquery again for each row and claim them all.
        if (dialect === "postgres") due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.message_id);
        if (ids.length === 0) return [];
        return trx
          .updateTable("mail_outbox")
          .set(leaseStartColumns(owner, at, leaseMs))
          .where("message_id", "in", ids)
          .returning(["message_id", "attempts", "created_at"])
          .execute();
      });
      return rows
        .map((row) => ({ messageId: row.message_id, ...claimedAttempt(row) }))
        .sort((a, b) => a.enqueuedAt - b.enqueuedAt);
    },

    async load(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("contact_messages as m")
        .leftJoin("referrer_visits as v", "v.session_id", "m.session_id")
        .select([
          "m.id",
          "m.created_at",
          "m.name",
          "m.email",
          "m.phone",
          "m.business_name",
          "m.website",
          "m.message",
          "v.session_id as visit_session",
          "v.landing_path",
          "v.source",
          "v.referrer_host",
          "v.utm_source",
          "v.utm_medium",
          "v.utm_campaign",
          "v.utm_term",
          "v.utm_content",
        ])
        .where("m.id", "in", ids)
        .execute();
      return rows.map((row) => {
        const utm: NonNullable<OutboxMessage["session"]>["utm"] = {};
        if (row.utm_source) utm.source = row.utm_source;
        if (row.utm_medium) utm.medium = row.utm_medium;
        if (row.utm_campaign) utm.campaign = row.utm_campaign;
        if (row.utm_term) utm.term = row.utm_term;
        if (row.utm_content) utm.content = row.utm_content;
        return {
          id: row.id,
          createdAt: new Date(row.created_at),
          name: row.name,
          email: row.email,
          phone: row.phone,
          businessName: row.business_name,
          website: row.website,
          message: row.message,
          session:
            row.visit_session && row.landing_path && row.source
              ? {
                  landingPath: row.landing_path,
                  source: row.source,
                  referrerHost: row.referrer_host,
                  utm,
                }
              : null,
        };
      });
    },

    markSent(messageId, owner, at) {
      return finish(messageId, owner, leaseEndColumns({ outcome: "sent", at }));
    },

    markRetry(messageId, owner, retryAt, failure) {
      return finish(messageId, owner, leaseEndColumns({ outcome: "retry", retryAt, failure }));
    },

    markFailed(messageId, owner, at, failure) {
      return finish(messageId, owner, leaseEndColumns({ outcome: "failed", at, failure }));
    },

    releaseLease(messageId, owner, at) {
      return finish(messageId, owner, leaseEndColumns({ outcome: "released", at }));
    },

    releaseAllLeases: (at) => releaseAllLeases(db, "mail_outbox", at),
    releaseConnectionFailures: (at) => releaseConnectionFailures(db, "mail_outbox", at),
    hasConnectionFailures: () => hasConnectionFailures(db, "mail_outbox"),

    nextDueAt() {
      return nextDueAt(db, "mail_outbox");
    },

    async counts() {
      const rows = await db
        .selectFrom("mail_outbox")
        .select((eb) => ["status", eb.fn.countAll().as("count")])
        .groupBy("status")
        .execute();
      const counts: Record<MailOutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async oldestPendingAt() {
      const row = await db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("status", "=", "pending")
        .executeTakeFirst();
      return row?.oldest === null || row?.oldest === undefined ? null : toMillis(row.oldest);
    },
  };
}
