// What the outbox tables (mail_outbox, weekly_reports, team_mail and lead_deliveries, ADR 5) share: the columns a
// claim sets on a row it leases, what the worker reads of a claimed row, the columns that end the lease or put a
// failed row back, the end of a lease, the earliest due time and the releases after a stop or an outage. Each
// table's claims stay in its repository; only what is written alike in each lives here.
import { sql, type UpdateObject } from "kysely";
import type { Executor } from "../database.ts";
import type { MailOutboxStatus, Schema } from "../schema.ts";
import type { MailFailure } from "./mail-outbox.ts";

type OutboxTable = "mail_outbox" | "weekly_reports" | "team_mail" | "lead_deliveries";

// A lease writes only the states every outbox has (lead_deliveries has one more: cancelled).
type LeaseColumns = Omit<UpdateObject<Schema, OutboxTable>, "status"> & {
  status?: MailOutboxStatus;
};

/** Longest error text kept on a row. */
const maxErrorLength = 1_000;

const iso = (at: number) => new Date(at).toISOString();

const truncate = (text: string) =>
  text.length > maxErrorLength ? `${text.slice(0, maxErrorLength - 1)}…` : text;

/** How a worker's attempt ends its lease on a row: sent, to be tried again, given up, or handed back. */
export type LeaseEnd =
  | { outcome: "sent"; at: number }
  | { outcome: "retry"; retryAt: number; failure: MailFailure }
  | { outcome: "failed"; at: number; failure: MailFailure }
  | { outcome: "released"; at: number };

/** A claim at `at`: the row is `owner`'s until `at + leaseMs` (not due before), and one more attempt is counted. */
export function leaseStartColumns(owner: string, at: number, leaseMs: number): LeaseColumns {
  return {
    lease_owner: owner,
    next_attempt_at: at + leaseMs,
    attempts: sql<number>`attempts + 1`,
    last_attempt_at: iso(at),
  };
}

/** A claimed row's attempts (this one included) and when it was written (ms): what the retry schedule reads. */
export function claimedAttempt(row: { attempts: number; created_at: Date | string }): {
  attempts: number;
  enqueuedAt: number;
} {
  return { attempts: Number(row.attempts), enqueuedAt: new Date(row.created_at).getTime() };
}

/**
 * The end of a lease: the row is due again at once (released), at the retry, or never (sent, failed: then
 * `next_attempt_at` is the time of the end).
 */
export function leaseEndColumns(end: LeaseEnd): LeaseColumns {
  switch (end.outcome) {
    case "sent":
      return { status: "sent", sent_at: iso(end.at), lease_owner: null, next_attempt_at: end.at };
    case "retry":
      return {
        lease_owner: null,
        next_attempt_at: end.retryAt,
        last_error: truncate(end.failure.error),
        last_error_kind: end.failure.kind,
      };
    case "failed":
      return {
        status: "failed",
        failed_at: iso(end.at),
        lease_owner: null,
        next_attempt_at: end.at,
        last_error: truncate(end.failure.error),
        last_error_kind: end.failure.kind,
      };
    case "released":
      return { lease_owner: null, next_attempt_at: end.at };
  }
}

/**
 * A failed row put back by the team, due at `at`: its attempts and the four days before giving up count afresh (else
 * the first new failure would mark it failed at once).
 */
export function retryColumns(at: number): LeaseColumns {
  return {
    status: "pending",
    next_attempt_at: at,
    created_at: iso(at),
    attempts: 0,
    lease_owner: null,
    failed_at: null,
  };
}

/**
 * Ends the lease of the table's row whose `key` column is `value`, only while `owner` still holds it and the row is
 * pending; false when the lease was lost (another worker has the row).
 */
export async function finishLease(
  db: Executor,
  table: OutboxTable,
  key: { column: "message_id" | "week" | "id"; value: string },
  owner: string,
  end: LeaseEnd,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set(leaseEndColumns(end))
    .where(sql.ref(key.column), "=", key.value)
    .where("lease_owner", "=", owner)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The earliest due time (or lease end) of a pending row of the table; null when nothing is pending. */
export async function nextDueAt(db: Executor, table: OutboxTable): Promise<number | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.min("next_attempt_at").as("due"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row?.due === null || row?.due === undefined ? null : Number(row.due);
}

/** Every lease of the table ends now (the single worker of a SQLite database at its start); the number released. */
export async function releaseAllLeases(
  db: Executor,
  table: OutboxTable,
  at: number,
): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ lease_owner: null, next_attempt_at: at })
    .where("status", "=", "pending")
    .where("lease_owner", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Rows of the table waiting because the server was unreachable become due at `at`; the number released. */
export async function releaseConnectionFailures(
  db: Executor,
  table: OutboxTable,
  at: number,
): Promise<number> {
  const result = await db
    .updateTable(table)
    .set({ next_attempt_at: at })
    .where("status", "=", "pending")
    .where("lease_owner", "is", null)
    .where("last_error_kind", "=", "connection")
    .where("next_attempt_at", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** True when a pending row of the table is waiting because the server was unreachable. */
export async function hasConnectionFailures(db: Executor, table: OutboxTable): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("status")
    .where("status", "=", "pending")
    .where("last_error_kind", "=", "connection")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
