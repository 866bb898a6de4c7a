// The no-JavaScript contact form's posts that failed validation, kept for the redirect back to the form on
// whichever instance it lands (ADR 24): only the SHA-256 of the redirect's token, the post, and when it expires.
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("form_flashes")
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("content", "text", (col) => col.notNull())
      .addColumn("expires_at", types.epochMillis, (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("form_flashes").ifExists().execute();
  };
}
