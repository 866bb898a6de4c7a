// Migration 0023 on both databases: rows of the four queues before the outbox, written as the older code wrote
// them (every kind of mail and delivery, a lease of a process long gone), are in the outbox afterwards with their
// state and ids; what was pending is delivered once, under its old Message-ID or webhook-id, and nothing else is.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterEach, describe, expect } from "vitest";
import { lastFinishedWeek } from "../../mail/weekly-report-mail.ts";
import { buildTestApp } from "../../test/app.ts";
import { contactMessage } from "../../test/factories.ts";
import { migrationsFrom, withDatabaseBefore } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { waitFor } from "../../test/wait-for.ts";
import { WebhookReceiver } from "../../test/webhook-receiver.ts";
import { migrateToLatest } from "../database.ts";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

describe.each(dialects)("migration 0023 on %s", (dialect) => {
  it("moves every queue's rows into the outbox, and delivers what was pending once", async ({
    smtp,
  }) => {
    const slack = await WebhookReceiver.start();
    receivers.push(slack);
    await withDatabaseBefore(dialect, "0023-outbox", async (database) => {
      // biome-ignore lint/suspicious/noExplicitAny: the old tables are not in today's schema
      const older = database.db as unknown as Kysely<any>;
      const at = Date.now();
      const created_at = new Date(at).toISOString();
      const [pendingMessage, failedMessage] = [randomUUID(), randomUUID()];
      for (const id of [pendingMessage, failedMessage]) {
        await older
          .insertInto("contact_messages")
          .values({ ...contactMessage(), id, created_at, search_text: "ada" })
          .execute();
      }
      const pending = { status: "pending", created_at, next_attempt_at: at, attempts: 1 };
      const failed = {
        ...pending,
        status: "failed",
        failed_at: created_at,
        last_error: "550 no such user",
        last_error_kind: "permanent",
      };
      // Claimed by a process of the older code that was killed: its lease would last another hour.
      const leased = {
        ...pending,
        lease_owner: "old-host:4242:dead0000",
        next_attempt_at: at + 3_600_000,
      };
      await older
        .insertInto("mail_outbox")
        .values([
          { message_id: pendingMessage, ...leased },
          { message_id: failedMessage, ...failed },
        ])
        .execute();

      // Every purpose of the team's mail, the two-step lock's notice included (its link_id is its own id).
      const teamMail = (purpose: string, to: string, state: typeof pending) => {
        const id = randomUUID();
        return {
          id,
          link_id: purpose === "two-step-locked" ? id : randomUUID(),
          purpose,
          to_address: to,
          link: "https://www.boothpilot.example/admin/link#token",
          sender_name: "Ada",
          ...state,
        };
      };
      const team = [
        teamMail("invitation", "invited@example.com", pending),
        teamMail("reset", "reset@example.com", pending),
        teamMail("two-step-locked", "locked@example.com", pending),
        {
          ...teamMail("invitation", "sent@example.com", { ...pending, status: "sent" }),
          link: null,
        },
      ];
      await older.insertInto("team_mail").values(team).execute();

      const delivery = (id: string, channel: string, receiver: string, state: object) => ({
        id,
        message_id: pendingMessage,
        channel,
        receiver,
        ...state,
      });
      await older
        .insertInto("lead_deliveries")
        .values([
          delivery("msg_failed", "webhook", "https://hooks.example/lead", failed),
          delivery("msg_slack", "slack", slack.url(), pending),
          delivery("msg_ack", "ack", "ada@example.com", pending),
          {
            ...delivery("msg_cancelled", "webhook", "https://other.example/", pending),
            status: "cancelled",
          },
        ])
        .execute();

      // The week that just ended is pending; an older one was sent.
      const week = lastFinishedWeek(at);
      await older
        .insertInto("weekly_reports")
        .values([
          { week: "2026-01-05", ...pending, status: "sent", sent_at: created_at },
          { week, ...pending },
        ])
        .execute();

      expect(await migrateToLatest(database)).toEqual(migrationsFrom("0023-outbox"));
      const rows = await database.db
        .selectFrom("outbox")
        .select(["id", "kind", "subject_id", "status", "attempts", "lease_owner", "last_error"])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(rows).toHaveLength(12);
      const contactRows = rows.filter((row) => row.kind === "contact-mail");
      expect(contactRows.map((row) => [row.subject_id, row.status, row.attempts]).sort()).toEqual(
        [
          [pendingMessage, "pending", 1],
          [failedMessage, "failed", 1],
        ].sort(),
      );
      for (const mail of team) {
        expect(byId.get(mail.id)).toMatchObject({
          kind: "team-mail",
          subject_id: mail.link_id,
          status: mail.status,
        });
      }
      expect(byId.get("msg_failed")).toMatchObject({
        kind: "webhook",
        subject_id: pendingMessage,
        status: "failed",
        last_error: "550 no such user",
      });
      expect(byId.get("msg_slack")).toMatchObject({ kind: "slack", status: "pending" });
      expect(byId.get("msg_ack")).toMatchObject({ kind: "ack", status: "pending" });
      expect(byId.get("msg_cancelled")).toMatchObject({ kind: "webhook", status: "cancelled" });
      expect(byId.get(`weekly-report.${week}`)).toMatchObject({ status: "pending" });
      expect(byId.get("weekly-report.2026-01-05")).toMatchObject({ status: "sent" });

      const app = await buildTestApp(database, {
        ...smtp.mailEnv(),
        WEEKLY_REPORT: "on",
        WEBHOOK_ALLOW_PRIVATE: "on",
      });
      try {
        await app.ready();
        app.outbox.start();
        // The old lease is a dead process's: taken back at once, not in an hour.
        await waitFor("the six pending mails", () => smtp.received.length >= 6, 10_000);
        await waitFor("the Slack message", () => slack.accepted.length >= 1);
        await waitFor("nothing pending", async () => {
          const left = await database.db
            .selectFrom("outbox")
            .select("id")
            .where("status", "=", "pending")
            .execute();
          return left.length === 0;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(smtp.messageIds().sort()).toEqual(
          [
            `<contact.${pendingMessage}@boothpilot.example>`,
            `<ack.${pendingMessage}@boothpilot.example>`,
            `<weekly-report.${week}@boothpilot.example>`,
            ...team.slice(0, 3).map((mail) => `<team.${mail.id}@boothpilot.example>`),
          ].sort(),
        );
        const recipients = smtp.received.map((mail) => mail.envelope.to.join()).sort();
        expect(recipients).toEqual(
          [
            "ada@example.com",
            "invited@example.com",
            "locked@example.com",
            "reset@example.com",
            "team@boothpilot.example",
            "team@boothpilot.example",
          ].sort(),
        );
        expect(slack.received).toHaveLength(1);
        // What had failed, been cancelled or sent stays so.
        const after = await database.db.selectFrom("outbox").select(["id", "status"]).execute();
        const status = new Map(after.map((row) => [row.id, row.status]));
        expect([status.get("msg_failed"), status.get("msg_cancelled")]).toEqual([
          "failed",
          "cancelled",
        ]);
        expect(status.get("weekly-report.2026-01-05")).toBe("sent");
      } finally {
        await app.close();
      }
    });
  });
});
