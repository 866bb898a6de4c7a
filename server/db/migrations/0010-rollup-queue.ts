// Rollups built by a worker instead of each request: a queue of the visits and events not yet counted (the
// request appends its row and a queue row, nothing shared), counts of pageviews, sign-up clicks and other clicks
// beside visits in every rollup, and the audience of a visit (device class, browser, OS, country).
import { type Kysely, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

const rollupTables = ["visit_rollups", "visit_rollups_by_key", "visit_rollups_by_hour"] as const;
const newCounts = ["pageviews", "signups", "clicks"] as const;
const audienceColumns = ["device", "browser", "os", "country"] as const;

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("rollup_queue")
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("id", types.uuid, (col) => col.notNull())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("rollup_queue_pkey", ["kind", "id"])
      .execute();
    // The worker takes the oldest rows first.
    await db.schema
      .createIndex("rollup_queue_created_at")
      .on("rollup_queue")
      .column("created_at")
      .execute();
    for (const table of rollupTables) {
      for (const column of newCounts) {
        await db.schema
          .alterTable(table)
          .addColumn(column, "integer", (col) => col.notNull().defaultTo(0))
          .execute();
      }
    }
    for (const column of audienceColumns) {
      await db.schema.alterTable("referrer_visits").addColumn(column, "text").execute();
    }
    // Events stored before this migration were never counted: the worker counts them.
    await sql`insert into rollup_queue (kind, id, created_at)
      select 'event', event_id, created_at from site_events`.execute(db);
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("rollup_queue").ifExists().execute();
    for (const table of rollupTables) {
      for (const column of newCounts)
        await db.schema.alterTable(table).dropColumn(column).execute();
    }
    for (const column of audienceColumns) {
      await db.schema.alterTable("referrer_visits").dropColumn(column).execute();
    }
  };
}
