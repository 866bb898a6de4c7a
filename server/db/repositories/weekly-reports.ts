// The weekly report's outbox (ADR 30): a row per finished week, added by whichever instance sees the week end first
// (ON CONFLICT DO NOTHING: one row however many instances try), leased to one worker by a single conditional UPDATE,
// then marked sent, rescheduled or failed with the mail outbox's marks. A row a week: every statement is small.
import type { AppDatabase } from "../database.ts";
import {
  claimedAttempt,
  finishLease,
  type LeaseEnd,
  leaseStartColumns,
  nextDueAt,
} from "./outbox-leases.ts";

export interface ClaimedReport {
  /** The week's Monday (YYYY-MM-DD, UTC). */
  week: string;
  /** Attempts started, this one included. */
  attempts: number;
  /** When the row was added (ms since the epoch): the days before giving up count from here. */
  enqueuedAt: number;
}

export interface WeeklyReportsRepository {
  /** Adds the week's report, due at `at`, unless the week has one; true when this call added it. */
  schedule(week: string, at: number): Promise<boolean>;
  /** Leases every due report to `owner` until `at + leaseMs`, counting an attempt on each; oldest week first. */
  claim(owner: string, at: number, leaseMs: number): Promise<ClaimedReport[]>;
  /** Ends the lease `owner` holds on the week's report; false when it was lost (another worker has it). */
  finish(week: string, owner: string, end: LeaseEnd): Promise<boolean>;
  /** The earliest due time (or lease end) of a pending report; null when none is pending. */
  nextDueAt(): Promise<number | null>;
}

const iso = (at: number) => new Date(at).toISOString();

export function weeklyReportsRepository(database: AppDatabase): WeeklyReportsRepository {
  const { db } = database;
  return {
    async schedule(week, at) {
      const result = await db
        .insertInto("weekly_reports")
        .values({ week, status: "pending", created_at: iso(at), attempts: 0, next_attempt_at: at })
        .onConflict((conflict) => conflict.column("week").doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async claim(owner, at, leaseMs) {
      // One statement, no SELECT first: on PostgreSQL an instance claiming at the same moment waits for this row
      // lock, then re-checks the WHERE on the row as left here (leased, due only when the lease ends) and skips
      // it; SQLite runs one write at a time. Due rows are the last week's, or a few more after a long outage.
      const rows = await db
        .updateTable("weekly_reports")
        .set(leaseStartColumns(owner, at, leaseMs))
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .returning(["week", "attempts", "created_at"])
        .execute();
      return rows
        .map((row) => ({ week: row.week, ...claimedAttempt(row) }))
        .sort((a, b) => a.week.localeCompare(b.week));
    },

    finish(week, owner, end) {
      return finishLease(db, "weekly_reports", { column: "week", value: week }, owner, end);
    },

    nextDueAt() {
      return nextDueAt(db, "weekly_reports");
    },
  };
}
