// The console's team: a role and a display name per account, one-time links (invitations and password resets, of
// which only the SHA-256 of the token is kept), the team's e-mails queued beside the contact mails, and the audit
// record of who did what.
import { type Kysely, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    // The account that existed before is the one ADMIN_EMAIL set up: it owns the console.
    await db.schema
      .alterTable("admin_users")
      .addColumn("role", "text", (col) => col.notNull().defaultTo("owner"))
      .execute();
    await db.schema.alterTable("admin_users").addColumn("name", "text").execute();
    // The hash of the ADMIN_PASSWORD last applied: a restart resets the password only when ADMIN_PASSWORD changed,
    // so the owner can change theirs in the console. Until now the account's password was that one.
    await db.schema.alterTable("admin_users").addColumn("setup_hash", "text").execute();
    await sql`update admin_users set setup_hash = password_hash`.execute(db);

    await db.schema
      .createTable("admin_links")
      .addColumn("token_hash", "text", (col) => col.primaryKey())
      .addColumn("id", types.uuid, (col) => col.notNull().unique())
      // "invitation" (a new person) or "reset" (an account's new password).
      .addColumn("purpose", "text", (col) => col.notNull())
      .addColumn("email", "text", (col) => col.notNull())
      .addColumn("role", "text", (col) => col.notNull())
      .addColumn("created_by", types.uuid)
      .addColumn("created_at", types.epochMillis, (col) => col.notNull())
      .addColumn("expires_at", types.epochMillis, (col) => col.notNull())
      .execute();
    await db.schema.createIndex("admin_links_email").on("admin_links").column("email").execute();

    // The team's e-mails wait here while the outbox worker sends them; the link is erased once the mail is sent
    // or given up, and the row goes with its link's expiry.
    await db.schema
      .createTable("team_mail")
      .addColumn("id", types.uuid, (col) => col.primaryKey())
      .addColumn("link_id", types.uuid, (col) => col.notNull())
      .addColumn("purpose", "text", (col) => col.notNull())
      .addColumn("to_address", "text", (col) => col.notNull())
      .addColumn("link", "text")
      .addColumn("sender_name", "text", (col) => col.notNull())
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
    await db.schema
      .createIndex("team_mail_due")
      .on("team_mail")
      .columns(["status", "next_attempt_at"])
      .execute();

    // No foreign keys: a record outlives the person who acted and the message acted on.
    await db.schema
      .createTable("admin_audit")
      .addColumn("id", types.uuid, (col) => col.primaryKey())
      .addColumn("at", types.epochMillis, (col) => col.notNull())
      .addColumn("actor_id", types.uuid)
      .addColumn("actor_name", "text", (col) => col.notNull())
      .addColumn("action", "text", (col) => col.notNull())
      .addColumn("message_id", types.uuid)
      // The team member or address a team change was about.
      .addColumn("subject", "text")
      .execute();
    await db.schema.createIndex("admin_audit_at").on("admin_audit").column("at").execute();
    await db.schema
      .createIndex("admin_audit_message")
      .on("admin_audit")
      .columns(["message_id", "at"])
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("admin_audit").ifExists().execute();
    await db.schema.dropTable("team_mail").ifExists().execute();
    await db.schema.dropTable("admin_links").ifExists().execute();
    await db.schema.alterTable("admin_users").dropColumn("setup_hash").execute();
    await db.schema.alterTable("admin_users").dropColumn("name").execute();
    await db.schema.alterTable("admin_users").dropColumn("role").execute();
  };
}
