// Referrer visits: one row per session, the first one wins, queued for the rollup worker in the same transaction
// (nothing shared is updated); committed before the caller hears back, the visits of one turn by one statement
// (ADR 37). Raw visits past the retention period are deleted in small batches.
import { sql } from "kysely";
import { appendBatch } from "../append-batch.ts";
import type { AppDatabase, Executor } from "../database.ts";
import type { ReferrerVisitsTable } from "../schema.ts";
import { audienceColumns, type VisitColumns, visitKeyColumns } from "./rollup-rows.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

/** A visit as the function hands it over: every column but the time, with the bot flag as a boolean. */
export type NewReferrerVisit = Omit<
  ReferrerVisitsTable,
  "created_at" | "is_bot" | "device" | "browser" | "os" | "country"
> & {
  is_bot: boolean;
} & Partial<Pick<ReferrerVisitsTable, "device" | "browser" | "os" | "country">>;

type StoredVisit = NewReferrerVisit & { created_at: string };

export interface ReferrerVisitsRepository {
  /** Stores the visit unless its session is already stored; `recorded` says which happened. */
  record(visit: NewReferrerVisit): Promise<{ recorded: boolean }>;
  /** The rollup keys of a session's visit, or null when none is stored. */
  keysOf(sessionId: string, trx?: Executor): Promise<VisitColumns | null>;
  /** Deletes up to `limit` visits stored before `before` (ms since the epoch); the number deleted. */
  deleteOlderThan(before: number, limit: number): Promise<number>;
  /** Visits by people (bots left out) stored since `since` (ms since the epoch): the console's "visitors now". */
  countSince(since: number): Promise<number>;
}

export function referrerVisitsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): ReferrerVisitsRepository {
  const { db } = database;
  const rollups = visitRollupsRepository(database, now);
  const append = appendBatch<StoredVisit>(
    database,
    (visit) => visit.session_id,
    async (trx, visits) => {
      const stored = await trx
        .insertInto("referrer_visits")
        .values(visits)
        .onConflict((conflict) => conflict.column("session_id").doNothing())
        .returning("session_id")
        .execute();
      const ids = new Set(stored.map((row) => row.session_id));
      await rollups.enqueue(
        trx,
        "visit",
        visits
          .filter((visit) => ids.has(visit.session_id))
          .map((visit) => ({ id: visit.session_id, created_at: visit.created_at })),
      );
      return ids;
    },
  );
  return {
    record(visit) {
      return append({ ...visit, created_at: new Date(now()).toISOString() }).then((recorded) => ({
        recorded,
      }));
    },

    async keysOf(sessionId, trx = db) {
      const row = await trx
        .selectFrom("referrer_visits")
        .select([...visitKeyColumns, ...audienceColumns, "session_id", "created_at", "is_bot"])
        .where("session_id", "=", sessionId)
        .executeTakeFirst();
      if (!row) return null;
      const { created_at, is_bot, ...keys } = row;
      return { ...keys, visited_at: new Date(created_at).getTime(), is_bot: Boolean(is_bot) };
    },

    async deleteOlderThan(before, limit) {
      const old = db
        .selectFrom("referrer_visits")
        .select("session_id")
        .where("created_at", "<", new Date(before).toISOString())
        .limit(limit);
      const result = await db
        .deleteFrom("referrer_visits")
        .where("session_id", "in", old)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    // On the report connection (a worker thread on SQLite); the created_at index bounds it to the window.
    async countSince(since) {
      const row = await database.reports
        .selectFrom("referrer_visits")
        .select((eb) => eb.fn.countAll<number | string>().as("visits"))
        .where("created_at", ">=", new Date(since).toISOString())
        .where(sql<boolean>`not is_bot`)
        .executeTakeFirstOrThrow();
      return Number(row.visits);
    },
  };
}
