// Migration 0023 on both databases: rows of the four queues before the outbox, written as the older code wrote
// them, are in the outbox afterwards with their state and ids, and what was pending is delivered once.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect } from "vitest";
import { buildTestApp } from "../../test/app.ts";
import { contactMessage } from "../../test/factories.ts";
import { withDatabaseAt } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { waitFor } from "../../test/wait-for.ts";
import { migrateToLatest } from "../database.ts";
import { migrationNames } from "./index.ts";

/** The migration before the outbox: derived, not typed, so a migration added in between stays before it. */
const beforeOutbox = migrationNames[migrationNames.indexOf("0023-outbox") - 1] ?? "";

describe.each(dialects)("migration 0023 on %s", (dialect) => {
  it("moves every queue's rows into the outbox, and delivers what was pending once", async ({
    smtp,
  }) => {
    await withDatabaseAt(dialect, beforeOutbox, async (database) => {
      // biome-ignore lint/suspicious/noExplicitAny: the old tables are not in today's schema
      const older = database.db as unknown as Kysely<any>;
      const at = Date.now();
      const created_at = new Date(at).toISOString();
      const messageId = randomUUID();
      await older
        .insertInto("contact_messages")
        .values({ ...contactMessage(), id: messageId, created_at, search_text: "ada" })
        .execute();
      const lease = { created_at, next_attempt_at: at, attempts: 1 };
      await older
        .insertInto("mail_outbox")
        .values({ message_id: messageId, status: "pending", ...lease })
        .execute();
      const teamMailId = randomUUID();
      await older
        .insertInto("team_mail")
        .values({
          id: teamMailId,
          link_id: randomUUID(),
          purpose: "invitation",
          to_address: "new.person@example.com",
          link: "https://www.boothpilot.example/admin/link#token",
          sender_name: "Ada",
          status: "pending",
          ...lease,
        })
        .execute();
      await older
        .insertInto("lead_deliveries")
        .values({
          id: "msg_failed",
          message_id: messageId,
          channel: "webhook",
          receiver: "https://hooks.example/lead",
          status: "failed",
          last_error: "HTTP 500",
          last_error_kind: "transient",
          ...lease,
        })
        .execute();
      await older
        .insertInto("weekly_reports")
        .values({ week: "2026-11-16", status: "sent", sent_at: created_at, ...lease })
        .execute();

      expect(await migrateToLatest(database)).toEqual(["0023-outbox"]);
      const rows = await database.db
        .selectFrom("outbox")
        .select(["id", "kind", "key", "subject_id", "status", "attempts", "last_error"])
        .orderBy("key")
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({ kind: "contact-mail", subject_id: messageId, status: "pending" }),
        {
          id: teamMailId,
          kind: "team-mail",
          key: `team-mail:${teamMailId}`,
          subject_id: expect.any(String),
          status: "pending",
          attempts: 1,
          last_error: null,
        },
        {
          id: "msg_failed",
          kind: "webhook",
          key: `webhook:${messageId}:https://hooks.example/lead`,
          subject_id: messageId,
          status: "failed",
          attempts: 1,
          last_error: "HTTP 500",
        },
        expect.objectContaining({ kind: "weekly-report", status: "sent" }),
      ]);

      const app = await buildTestApp(database, { ...smtp.mailEnv(), WEEKLY_REPORT: "off" });
      try {
        await app.ready();
        app.outbox.start();
        await waitFor("both pending mails", () => smtp.received.length >= 2);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const recipients = smtp.received.map((mail) => mail.envelope.to.join()).sort();
        expect(recipients).toEqual(["new.person@example.com", "team@boothpilot.example"]);
        expect(smtp.messageIds()).toContain(`<contact.${messageId}@boothpilot.example>`);
      } finally {
        await app.close();
      }
    });
  });
});
