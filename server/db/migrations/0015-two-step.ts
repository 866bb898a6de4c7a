// Two-step sign-in: each account's TOTP secret (and one being set up), the last time step used (a code works
// once), its recovery codes (SHA-256 only), and the console's settings (whether everyone must use two-step).
import type { Kysely } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable("admin_users").addColumn("totp_secret", "text").execute();
    await db.schema.alterTable("admin_users").addColumn("totp_pending", "text").execute();
    await db.schema
      .alterTable("admin_users")
      .addColumn("totp_last_step", types.epochMillis)
      .execute();
    await db.schema
      .createTable("admin_recovery_codes")
      .addColumn("code_hash", "text", (col) => col.primaryKey())
      .addColumn("user_id", types.uuid, (col) =>
        col.notNull().references("admin_users.id").onDelete("cascade"),
      )
      .execute();
    await db.schema
      .createIndex("admin_recovery_codes_user")
      .on("admin_recovery_codes")
      .column("user_id")
      .execute();
    await db.schema
      .createTable("admin_settings")
      .addColumn("key", "text", (col) => col.primaryKey())
      .addColumn("value", "text", (col) => col.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("admin_settings").ifExists().execute();
    await db.schema.dropTable("admin_recovery_codes").ifExists().execute();
    for (const column of ["totp_last_step", "totp_pending", "totp_secret"]) {
      await db.schema.alterTable("admin_users").dropColumn(column).execute();
    }
  };
}
