// The inbox's triage state of a contact message: when the team first read it (null: unread) and when it was
// handled (null: still to do).
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable("contact_messages").addColumn("read_at", types.timestamp).execute();
    await db.schema
      .alterTable("contact_messages")
      .addColumn("handled_at", types.timestamp)
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
    await db.schema.alterTable("contact_messages").dropColumn("read_at").execute();
  };
}
