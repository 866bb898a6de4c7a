// The tables of the two server functions (contact messages, referrer visits) and what they need.
import { type Kysely, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("contact_messages")
      .addColumn("id", types.uuid, (col) => col.primaryKey())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("phone", "text")
      .addColumn("business_name", "text")
      .addColumn("website", "text")
      .addColumn("message", "text", (col) => col.notNull())
      .addColumn("session_id", types.uuid)
      .addColumn("client_hash", "text", (col) => col.notNull())
      .addColumn("user_agent", "text")
      .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
      .execute();
    await db.schema
      .createIndex("contact_messages_created_at")
      .on("contact_messages")
      .column("created_at")
      .execute();
    await db.schema
      .createIndex("contact_messages_session_id")
      .on("contact_messages")
      .column("session_id")
      .execute();

    await db.schema
      .createTable("contact_submission_guard")
      .addColumn("payload_hash", "text", (col) => col.primaryKey())
      .addColumn("stored_at", types.epochMillis, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("referrer_visits")
      .addColumn("session_id", types.uuid, (col) => col.primaryKey())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addColumn("referrer_url", "text")
      .addColumn("referrer_host", "text")
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("landing_path", "text", (col) => col.notNull())
      .addColumn("utm_source", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_campaign", "text")
      .addColumn("utm_term", "text")
      .addColumn("utm_content", "text")
      .addColumn("user_agent", "text", (col) => col.notNull())
      .addColumn("is_bot", types.boolean, (col) => col.notNull().defaultTo(sql.lit(types.false)))
      .execute();
    await db.schema
      .createIndex("referrer_visits_created_at")
      .on("referrer_visits")
      .column("created_at")
      .execute();

    await db.schema
      .createTable("address_salts")
      .addColumn("day", "text", (col) => col.primaryKey())
      .addColumn("salt", "text", (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const table of [
      "address_salts",
      "referrer_visits",
      "contact_submission_guard",
      "contact_messages",
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  };
}
