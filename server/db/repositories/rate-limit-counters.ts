// Fixed rate-limit windows counted in the database, for the instances that share one PostgreSQL database: each
// request adds one to its key's window in one atomic upsert (ADR 46). Ended windows are deleted once a minute.
import { sql } from "kysely";
import type { AppDatabase } from "../database.ts";

export interface WindowCount {
  /** Requests counted in the window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface RateLimitCountersRepository {
  /** Counts one request against the key's window (a new window of `windowMs` when none is open). */
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

const pruneEveryMs = 60_000;

export function rateLimitCountersRepository(
  database: AppDatabase,
  // Looked up on each call: a test's fake clock replaces Date after the app is built.
  now: () => number = () => Date.now(),
): RateLimitCountersRepository {
  const { db } = database;
  let lastPrune = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      if (at - lastPrune >= pruneEveryMs) {
        lastPrune = at;
        await db.deleteFrom("rate_limit_counters").where("window_ends_at", "<=", at).execute();
      }
      // The row lock of ON CONFLICT serialises two instances counting the same key: no count is lost.
      const ended = sql<boolean>`rate_limit_counters.window_ends_at <= ${at}`;
      const row = await db
        .insertInto("rate_limit_counters")
        .values({ key, hits: 1, window_ends_at: at + windowMs })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            hits: sql`case when ${ended} then 1 else rate_limit_counters.hits + 1 end`,
            window_ends_at: sql`case when ${ended} then excluded.window_ends_at else rate_limit_counters.window_ends_at end`,
          }),
        )
        .returning(["hits", "window_ends_at"])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetInMs: Number(row.window_ends_at) - at };
    },
  };
}
