// The admin console's tables: the one admin account (set from ADMIN_EMAIL and ADMIN_PASSWORD at start) and its
// sign-in sessions, of which only the SHA-256 of the cookie's token is stored.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("admin_users")
      .addColumn("id", types.uuid, (col) => col.primaryKey())
      // Stored in lower case: the sign-in compares addresses without regard to case.
      .addColumn("email", "text", (col) => col.notNull().unique())
      .addColumn("password_hash", "text", (col) => col.notNull())
      .addColumn("created_at", types.timestamp, (col) => col.notNull())
      .addColumn("updated_at", types.timestamp, (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("admin_sessions")
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("user_id", types.uuid, (col) =>
        col.notNull().references("admin_users.id").onDelete("cascade"),
      )
      .addColumn("created_at", types.epochMillis, (col) => col.notNull())
      .addColumn("last_seen_at", types.epochMillis, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("admin_sessions_user_id")
      .on("admin_sessions")
      .column("user_id")
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("admin_sessions").ifExists().execute();
    await db.schema.dropTable("admin_users").ifExists().execute();
  };
}
