// The rollup worker's queue read by kind and age through one index: with only an index on the age, a pass took the
// primary key for the kind, read every queued row of it and sorted them, so a backlog made each pass slower.
import type { Kysely } from "kysely";

export function up() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createIndex("rollup_queue_kind_created_at")
      .on("rollup_queue")
      .columns(["kind", "created_at"])
      .execute();
    await db.schema.dropIndex("rollup_queue_created_at").execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createIndex("rollup_queue_created_at")
      .on("rollup_queue")
      .column("created_at")
      .execute();
    await db.schema.dropIndex("rollup_queue_kind_created_at").execute();
  };
}
