// Referrer visits: one row per session, the first one wins; committed before the caller hears back.
import type { AppDatabase, Executor } from "../database.ts";
import type { ReferrerVisitsTable } from "../schema.ts";

/** A visit as the function hands it over: every column but the time, with the bot flag as a boolean. */
export type NewReferrerVisit = Omit<ReferrerVisitsTable, "created_at" | "is_bot"> & {
  is_bot: boolean;
};

export interface ReferrerVisitsRepository {
  /** Stores the visit unless its session is already stored; `recorded` says which happened. */
  record(visit: NewReferrerVisit, trx?: Executor): Promise<{ recorded: boolean }>;
}

export function referrerVisitsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): ReferrerVisitsRepository {
  return {
    async record(visit, trx = database.db) {
      const result = await trx
        .insertInto("referrer_visits")
        .values({ ...visit, created_at: new Date(now()).toISOString() })
        .onConflict((conflict) => conflict.column("session_id").doNothing())
        .executeTakeFirst();
      return { recorded: (result.numInsertedOrUpdatedRows ?? 0n) > 0n };
    },
  };
}
