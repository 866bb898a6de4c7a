// The funnel's steps a visit has reached (saw the pricing or a feature page, clicked sign-up), each stored once, so
// the rollup worker counts a visit once per step however many pageviews and clicks it makes.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("visit_steps")
      .addColumn("session_id", types.uuid, (col) => col.notNull())
      .addColumn("step", "text", (col) => col.notNull())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint("visit_steps_pkey", ["session_id", "step"])
      .execute();
    // Retention deletes the old ones with the raw visits.
    await db.schema
      .createIndex("visit_steps_created_at")
      .on("visit_steps")
      .column("created_at")
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("visit_steps").ifExists().execute();
  };
}
