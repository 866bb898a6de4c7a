// The outbox (ADR 47): every piece of outgoing work (a contact or team mail, a webhook, a Slack message, an
// acknowledgement, a weekly report) is a row with a kind and a payload, written in the transaction of what caused
// it, claimed by a worker under a lease, then marked sent, rescheduled or failed. A row's id is the Message-ID or
// webhook-id of its every attempt. A lease is the claiming instance's while it lives: on PostgreSQL an instance
// holds a session advisory lock named by its owner id, and a lease whose owner holds none is taken back; on SQLite
// one instance serves a database, so every lease but its own is a dead process's.
import { randomUUID } from "node:crypto";
import { type SelectQueryBuilder, sql } from "kysely";
import type { AppDatabase, Executor } from "../database.ts";
import type { MailErrorKind, OutboxKind, OutboxStatus, Schema } from "../schema.ts";

/** The advisory lock class of the outbox instances (the owner id is the lock's second key). */
export const outboxLockClass = 0x0b0c5;

export interface OutboxWork {
  kind: OutboxKind;
  /** At most one row per key: a key that has one is skipped, unless that row was cancelled (then it is revived). */
  key: string;
  subjectId?: string | null;
  payload?: object | null;
  /**
   * The Message-ID or webhook-id; a new one when absent. Never derived from the key: on PostgreSQL two instances
   * adding the same key at once would then collide on the id, which the insert's conflict clause does not cover.
   */
  id?: string;
}

export interface ClaimedWork {
  id: string;
  kind: OutboxKind;
  subjectId: string | null;
  payload: Record<string, string>;
  /** Attempts started, this one included. */
  attempts: number;
  /** When the row was written (ms): the days before giving up count from here. */
  enqueuedAt: number;
}

export interface MailFailure {
  error: string;
  kind: MailErrorKind;
}

/** How an attempt ends its lease: sent, to be tried again, given up, or handed back. */
export type LeaseEnd =
  | { outcome: "sent"; at: number }
  | { outcome: "retry"; retryAt: number; failure: MailFailure }
  | { outcome: "failed"; at: number; failure: MailFailure }
  | { outcome: "released"; at: number };

/** A row as the console shows it. */
export interface OutboxRow {
  kind: OutboxKind;
  receiver: string;
  status: Exclude<OutboxStatus, "cancelled">;
  attempts: number;
  lastAttemptAt: Date | string | null;
  lastError: string | null;
  lastErrorKind: MailErrorKind | null;
  sentAt: Date | string | null;
  failedAt: Date | string | null;
}

const iso = (at: number) => new Date(at).toISOString();
const maxErrorLength = 1_000;
const truncate = (text: string) =>
  text.length > maxErrorLength ? `${text.slice(0, maxErrorLength - 1)}…` : text;

function endColumns(end: LeaseEnd) {
  const failure = "failure" in end && {
    last_error: truncate(end.failure.error),
    last_error_kind: end.failure.kind,
  };
  switch (end.outcome) {
    case "sent":
      return { status: "sent" as const, sent_at: iso(end.at), next_attempt_at: end.at };
    case "retry":
      return { next_attempt_at: end.retryAt, ...failure };
    case "failed":
      return { failed_at: iso(end.at), next_attempt_at: end.at, ...failure };
    case "released":
      return { next_attempt_at: end.at };
  }
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;

type Kinds = readonly OutboxKind[];

/** The query limited to rows of these kinds, when given. */
const ofKinds = <Q extends SelectQueryBuilder<Schema, "outbox", object>>(
  query: Q,
  kinds?: Kinds,
) => (kinds ? (query.where("kind", "in", kinds) as Q) : query);

export function outboxRepository(database: AppDatabase) {
  const { db, dialect } = database;

  /** Queues the work, due at `at`; the rows added or revived. */
  const enqueue = async (work: readonly OutboxWork[], at: number, trx: Executor = db) => {
    if (work.length === 0) return 0;
    const result = await trx
      .insertInto("outbox")
      .values(
        work.map((item) => ({
          id: item.id ?? `msg_${randomUUID().replaceAll("-", "")}`,
          kind: item.kind,
          key: item.key,
          subject_id: item.subjectId ?? null,
          payload: item.payload ? JSON.stringify(item.payload) : null,
          created_at: iso(at),
          next_attempt_at: at,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column("key")
          .doUpdateSet((eb) => ({
            status: "pending",
            // The four days before giving up count afresh, as after the team's "send again".
            created_at: iso(at),
            failed_at: null,
            // A row still being sent when it was cancelled keeps its lease: not claimed again while in flight.
            next_attempt_at: eb
              .case()
              .when("outbox.lease_owner", "is", null)
              .then(at)
              .else(eb.ref("outbox.next_attempt_at"))
              .end(),
          }))
          .where("outbox.status", "=", "cancelled"),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  };

  /** Work of these kinds about these subjects not yet done is cancelled; one being sent keeps its lease. */
  const cancel = async (subjectIds: readonly string[], kinds: Kinds, trx: Executor = db) => {
    if (subjectIds.length === 0 || kinds.length === 0) return;
    await trx
      .updateTable("outbox")
      .set({ status: "cancelled" })
      .where("subject_id", "in", subjectIds)
      .where("kind", "in", kinds)
      .where("status", "in", ["pending", "failed"])
      .execute();
  };

  return {
    enqueue,
    cancel,

    /**
     * Leases up to `limit` due rows (of these kinds, when given: those this instance sends) to `owner` until
     * `at + leaseMs`, counting an attempt on each; oldest first.
     */
    async claim(owner: string, at: number, limit: number, leaseMs: number, kinds?: Kinds) {
      const rows = await db.transaction().execute(async (trx) => {
        let due = ofKinds(trx.selectFrom("outbox").select("id"), kinds)
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .orderBy("next_attempt_at")
          .limit(limit);
        // Rows another instance is claiming are skipped, not waited for. Ids first, then the update: as one
        // UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) PostgreSQL may run the subquery per row.
        if (dialect === "postgres") due = due.forUpdate().skipLocked();
        const ids = (await due.execute()).map((row) => row.id);
        if (ids.length === 0) return [];
        return trx
          .updateTable("outbox")
          .set({
            lease_owner: owner,
            next_attempt_at: at + leaseMs,
            attempts: sql<number>`attempts + 1`,
            last_attempt_at: iso(at),
          })
          .where("id", "in", ids)
          .returning(["id", "kind", "subject_id", "payload", "attempts", "created_at"])
          .execute();
      });
      return rows
        .map((row) => ({
          id: row.id,
          kind: row.kind,
          subjectId: row.subject_id,
          payload: JSON.parse(row.payload ?? "{}") as Record<string, string>,
          attempts: Number(row.attempts),
          enqueuedAt: new Date(row.created_at).getTime(),
        }))
        .sort((a, b) => a.enqueuedAt - b.enqueuedAt);
    },

    /**
     * Ends `owner`'s lease on the row (`erase`: its payload goes with a sent or failed end); false when it was lost.
     * A row cancelled while being sent stays cancelled unless it was sent.
     */
    async finish(id: string, owner: string, end: LeaseEnd, erase = false): Promise<boolean> {
      const done = end.outcome === "sent" || end.outcome === "failed";
      const result = await db
        .updateTable("outbox")
        .set((eb) => ({
          ...endColumns(end),
          lease_owner: null,
          ...(erase && done ? { payload: null } : {}),
          // A failed row cancelled meanwhile stays cancelled.
          ...(end.outcome === "failed"
            ? {
                status: eb
                  .case()
                  .when("status", "=", "cancelled")
                  .then("cancelled" as OutboxStatus)
                  .else("failed" as OutboxStatus)
                  .end(),
              }
            : {}),
        }))
        .where("id", "=", id)
        .where("lease_owner", "=", owner)
        .where("status", "in", ["pending", "cancelled"])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Leases of instances that are gone end now, due at `at`; the number released. */
    async releaseOrphans(owner: string, at: number): Promise<number> {
      const live =
        dialect === "postgres"
          ? sql<string>`(select objid::text from pg_locks where locktype = 'advisory' and granted
              and classid = ${outboxLockClass} and objsubid = 2
              and database = (select oid from pg_database where datname = current_database()))`
          : sql<string>`(select ${owner})`;
      const result = await db
        .updateTable("outbox")
        .set({ lease_owner: null, next_attempt_at: at })
        .where("status", "in", ["pending", "cancelled"])
        .where("lease_owner", "is not", null)
        .where("lease_owner", "not in", live)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Rows of these kinds waiting because their server was unreachable become due at `at`; the number released. */
    async releaseConnectionFailures(kinds: Kinds, at: number): Promise<number> {
      if (kinds.length === 0) return 0;
      const result = await db
        .updateTable("outbox")
        .set({ next_attempt_at: at })
        .where("status", "=", "pending")
        .where("lease_owner", "is", null)
        .where("last_error_kind", "=", "connection")
        .where("kind", "in", kinds)
        .where("next_attempt_at", ">", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** True when a pending row of these kinds is waiting because its server was unreachable. */
    async hasConnectionFailures(kinds: Kinds): Promise<boolean> {
      if (kinds.length === 0) return false;
      const row = await db
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("last_error_kind", "=", "connection")
        .where("kind", "in", kinds)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The earliest due time (or lease end) of a pending row (of these kinds); null when nothing is pending. */
    async nextDueAt(kinds?: Kinds): Promise<number | null> {
      const row = await ofKinds(
        db.selectFrom("outbox").select((eb) => eb.fn.min("next_attempt_at").as("due")),
        kinds,
      )
        .where("status", "=", "pending")
        .executeTakeFirst();
      return row?.due === null || row?.due === undefined ? null : Number(row.due);
    },

    /** The subject's rows of these kinds, the cancelled ones left out. */
    async ofSubject(subjectId: string, kinds: Kinds): Promise<OutboxRow[]> {
      const rows = await db
        .selectFrom("outbox")
        .selectAll()
        .where("subject_id", "=", subjectId)
        .where("kind", "in", kinds)
        .where("status", "!=", "cancelled")
        .orderBy("kind")
        .orderBy("key")
        .$narrowType<{ status: OutboxRow["status"] }>()
        .execute();
      return rows.map((row) => ({
        kind: row.kind,
        receiver: (JSON.parse(row.payload ?? "{}") as { receiver?: string }).receiver ?? "",
        status: row.status,
        attempts: Number(row.attempts),
        lastAttemptAt: row.last_attempt_at,
        lastError: row.last_error,
        lastErrorKind: row.last_error_kind,
        sentAt: row.sent_at,
        failedAt: row.failed_at,
      }));
    },

    /** Puts the subject's failed rows of these kinds back, due at `at`, their attempts and four days afresh. */
    async retryFailed(subjectId: string, kinds: Kinds, at: number) {
      const result = await db
        .updateTable("outbox")
        .set({
          status: "pending",
          next_attempt_at: at,
          created_at: iso(at),
          attempts: 0,
          lease_owner: null,
          failed_at: null,
        })
        .where("subject_id", "=", subjectId)
        .where("kind", "in", kinds)
        .where("status", "=", "failed")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The rows of a kind by status, and when the oldest pending one was queued (ms), for metrics. */
    async counts(kind: OutboxKind) {
      const rows = await db
        .selectFrom("outbox")
        .select((eb) => [
          "status",
          eb.fn.countAll().as("count"),
          eb.fn.min("created_at").as("oldest"),
        ])
        .where("kind", "=", kind)
        .groupBy("status")
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      const pending = rows.find((row) => row.status === "pending");
      return { counts, oldestPendingAt: pending ? new Date(pending.oldest).getTime() : null };
    },

    /** Deletes the rows that match (of a kind, queued before a time, about these subjects, in these states). */
    async delete(
      match: { kind?: OutboxKind; before?: number; subjectIds?: readonly string[]; pending?: true },
      trx: Executor = db,
    ): Promise<number> {
      if (match.subjectIds?.length === 0) return 0;
      let query = trx.deleteFrom("outbox");
      if (match.kind) query = query.where("kind", "=", match.kind);
      if (match.before !== undefined) query = query.where("created_at", "<", iso(match.before));
      if (match.subjectIds) query = query.where("subject_id", "in", match.subjectIds);
      if (match.pending) query = query.where("status", "=", "pending");
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    /** Queues a team link's mail (an earlier mail of the link still pending goes: it carries the link). */
    async enqueueTeamMail(linkId: string, mail: object, at: number, trx: Executor = db) {
      await this.delete({ kind: "team-mail", subjectIds: [linkId], pending: true }, trx);
      const id = randomUUID();
      const work = { kind: "team-mail" as const, key: `team-mail:${id}`, id, subjectId: linkId };
      await enqueue([{ ...work, payload: mail }], at, trx);
    },
  };
}
