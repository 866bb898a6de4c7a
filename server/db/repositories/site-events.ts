// Site events (pageviews and outbound clicks): one row per event and its row in the rollup queue, committed before
// the caller hears back (the events of one turn by one statement, ADR 37); an event id already stored is not
// stored again. Nothing here updates a shared row, so writers never wait on each other.
import { appendBatch } from "../append-batch.ts";
import type { AppDatabase } from "../database.ts";
import type { SiteEventsTable } from "../schema.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

/** An event as the function hands it over: every column but the time, with the bot flag as a boolean. */
export type NewSiteEvent = Omit<SiteEventsTable, "created_at" | "is_bot"> & { is_bot: boolean };

type StoredEvent = NewSiteEvent & { created_at: string };

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
  const append = appendBatch<StoredEvent>(
    database,
    (event) => event.event_id,
    async (trx, events) => {
      const stored = await trx
        .insertInto("site_events")
        .values(events)
        .onConflict((conflict) => conflict.column("event_id").doNothing())
        .returning("event_id")
        .execute();
      const ids = new Set(stored.map((row) => row.event_id));
      await rollups.enqueue(
        trx,
        "event",
        events
          .filter((event) => ids.has(event.event_id))
          .map((event) => ({ id: event.event_id, created_at: event.created_at })),
      );
      return ids;
    },
  );
  return {
    append(event) {
      return append({ ...event, created_at: new Date(now()).toISOString() }).then((recorded) => ({
        recorded,
      }));
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
