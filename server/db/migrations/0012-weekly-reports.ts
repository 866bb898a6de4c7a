// The weekly report's outbox: one row per finished week (keyed by its Monday), written once by whichever instance
// sees the week end first, then claimed under a lease, sent and marked like the mail outbox (ADR 5, ADR 30). A row
// a week: no index besides the key.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("weekly_reports")
      .addColumn("week", "text", (col) => col.primaryKey())
      .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("next_attempt_at", types.epochMillis, (col) => col.notNull())
      .addColumn("lease_owner", "text")
      .addColumn("last_attempt_at", types.timestamp)
      .addColumn("last_error", "text")
      .addColumn("last_error_kind", "text")
      .addColumn("sent_at", types.timestamp)
      .addColumn("failed_at", types.timestamp)
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("weekly_reports").ifExists().execute();
  };
}
