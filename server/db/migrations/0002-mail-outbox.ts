// The mail outbox: one row per contact message to e-mail, written in the same transaction as the message, then
// claimed (with a lease), sent and marked by the outbox worker (server/mail/outbox-worker.ts, ADR 5).
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("mail_outbox")
      .addColumn("message_id", types.uuid, (col) =>
        col.primaryKey().references("contact_messages.id").onDelete("cascade"),
      )
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
    // The worker's claim: pending rows by due time.
    await db.schema
      .createIndex("mail_outbox_due")
      .on("mail_outbox")
      .columns(["status", "next_attempt_at"])
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("mail_outbox").ifExists().execute();
  };
}
