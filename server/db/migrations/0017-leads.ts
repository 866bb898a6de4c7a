// Leads beyond the inbox (ADR 34): each message's spam score and reasons; the outbox of its webhook, Slack and
// acknowledgement deliveries (the mail outbox's columns, a row per message and receiver); the senders the team
// trusts; the addresses acknowledged in the last day; and the secret that signs the contact form's render token.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    // Defaults keep an instance still running the code before this migration able to store messages.
    await db.schema
      .alterTable("contact_messages")
      .addColumn("spam_score", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("contact_messages")
      .addColumn("spam_reasons", "text", (col) => col.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .createTable("lead_deliveries")
      // The webhook-id: the same on every attempt, so a receiver can drop a repeat.
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("message_id", types.uuid, (col) =>
        col.notNull().references("contact_messages.id").onDelete("cascade"),
      )
      .addColumn("channel", "text", (col) => col.notNull())
      .addColumn("receiver", "text", (col) => col.notNull())
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
      // At most one delivery per receiver and message, however often "not spam" is pressed.
      .addUniqueConstraint("lead_deliveries_once", ["message_id", "channel", "receiver"])
      .execute();
    await db.schema
      .createIndex("lead_deliveries_due")
      .on("lead_deliveries")
      .columns(["status", "next_attempt_at"])
      .execute();
    await db.schema
      .createTable("trusted_senders")
      .addColumn("email", "text", (col) => col.primaryKey())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("acknowledged_senders")
      .addColumn("email", "text", (col) => col.primaryKey())
      .addColumn("acknowledged_at", types.epochMillis, (col) => col.notNull())
      .execute();
    await db.schema
      .createTable("server_secrets")
      .addColumn("name", "text", (col) => col.primaryKey())
      .addColumn("value", "text", (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const table of [
      "server_secrets",
      "acknowledged_senders",
      "trusted_senders",
      "lead_deliveries",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable("contact_messages").dropColumn("spam_reasons").execute();
    await db.schema.alterTable("contact_messages").dropColumn("spam_score").execute();
  };
}
