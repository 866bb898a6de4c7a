// The table readiness writes to (and empties in the same transaction) to learn whether a write can commit now: a
// full disk refuses a write while `select 1` still answers.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("write_probe")
      .addColumn("id", types.uuid, (col) => col.primaryKey())
      .addColumn("payload", "text", (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("write_probe").ifExists().execute();
  };
}
