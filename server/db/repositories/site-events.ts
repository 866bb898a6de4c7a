// Site events (pageviews and outbound clicks): one row per event and its row in the rollup queue, committed before
// the caller hears back; an event id already stored is not stored again. Nothing here updates a shared row, so
// writers never wait on each other.
import type { AppDatabase } from "../database.ts";
import type { SiteEventsTable } from "../schema.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

/** An event as the function hands it over: every column but the time, with the bot flag as a boolean. */
export type NewSiteEvent = Omit<SiteEventsTable, "created_at" | "is_bot"> & { is_bot: boolean };

export interface SiteEventsRepository {
  /** Stores the event unless its id is already stored; `recorded` says which happened. */
  append(event: NewSiteEvent): Promise<{ recorded: boolean }>;
  /** Deletes up to `limit` events stored before `before` (ms since the epoch); the number deleted. */
  deleteOlderThan(before: number, limit: number): Promise<number>;
}

export function siteEventsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): SiteEventsRepository {
  const rollups = visitRollupsRepository(database, now);
  return {
    append(event) {
      const createdAt = new Date(now()).toISOString();
      return database.write(async (trx) => {
        const result = await trx
          .insertInto("site_events")
          .values({ ...event, created_at: createdAt })
          .onConflict((conflict) => conflict.column("event_id").doNothing())
          .executeTakeFirst();
        const recorded = (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
        if (recorded) await rollups.enqueue(trx, "event", event.event_id, createdAt);
        return { recorded };
      });
    },

    async deleteOlderThan(before, limit) {
      const old = database.db
        .selectFrom("site_events")
        .select("event_id")
        .where("created_at", "<", new Date(before).toISOString())
        .limit(limit);
      const result = await database.db
        .deleteFrom("site_events")
        .where("event_id", "in", old)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
