// Referrer visits: one row per session, the first one wins; committed (group commit) before the caller hears back.
import type { AppDatabase } from "../database.ts";
import type { ReferrerVisitsTable } from "../schema.ts";

/** A visit as the function hands it over: every column but the time, with the bot flag as a boolean. */
export type NewReferrerVisit = Omit<ReferrerVisitsTable, "created_at" | "is_bot"> & {
  is_bot: boolean;
};

export interface ReferrerVisitsRepository {
  /** Stores the visit unless its session is already stored; `recorded` says which happened. */
  record(visit: NewReferrerVisit): Promise<{ recorded: boolean }>;
}

export function referrerVisitsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): ReferrerVisitsRepository {
  return {
    record(visit) {
      return database.writes.run("recordVisit", {
        ...visit,
        created_at: new Date(now()).toISOString(),
      });
    },
  };
}
