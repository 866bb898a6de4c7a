// The site's events (pageviews and outbound clicks): one row appended per event, its id the browser's, so a
// repeated call stores nothing new. Counted by reading the rows, never by updating a shared counter.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("site_events")
      .addColumn("event_id", types.uuid, (col) => col.primaryKey())
      .addColumn("session_id", types.uuid, (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("path", "text", (col) => col.notNull())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addColumn("is_bot", types.boolean, (col) => col.notNull())
      .execute();
    // Reports read a window of time; a session's events are joined to its visit.
    await db.schema
      .createIndex("site_events_created_at")
      .on("site_events")
      .column("created_at")
      .execute();
    await db.schema
      .createIndex("site_events_session_id")
      .on("site_events")
      .column("session_id")
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("site_events").ifExists().execute();
  };
}
