// The public functions' rate-limit windows on PostgreSQL, so that every instance on one database counts the same
// requests (ADR 46). SQLite gets the table too, unused: its one instance counts in memory.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("rate_limit_counters")
      .addColumn("key", "text", (col) => col.primaryKey())
      .addColumn("hits", "integer", (col) => col.notNull())
      .addColumn("window_ends_at", types.epochMillis, (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("rate_limit_counters").ifExists().execute();
  };
}
