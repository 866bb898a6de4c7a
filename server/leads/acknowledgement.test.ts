// The acknowledgement to the sender on both databases, through the real app and a real SMTP server: one e-mail
// from MAIL_FROM with the brand, repeating the reply promise and nothing the sender typed; at most one per mailbox
// a day (sub-addresses and Gmail's dots alike) and a few an hour for the whole site; never for spam; none with ACK_EMAIL=off; a refusal of the address stays out of the logs. The address is
// kept no longer than that day needs, nor, acknowledged or trusted, than a message of its sender.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { adminApiPaths, type MessageDetail } from "../../contracts/admin-api.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { acknowledgementsPerHour, leadSendersRepository } from "../db/repositories/lead-senders.ts";
import { adminEnv, adminRequest } from "../test/admin.ts";
import { postJson } from "../test/app.ts";
import { contactFormPost } from "../test/factories.ts";
import { readMail } from "../test/mime.ts";
import type { TestSmtp } from "../test/smtp.ts";
import { type AppLauncher, describeEachDialect } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hour = 3_600_000;

/** What a sender types that must never come back to them: every field but the address. */
const typed = {
  ...contactFormPost(),
  name: "Mallory Typed-Name",
  business_name: "Typed Business Co",
  phone: "+1 555 0199",
  website: "https://typed-site.example/page",
  message: "Typed words: please forward this to whoever gets the confirmation.",
};

async function startApp(
  apps: AppLauncher,
  smtp: TestSmtp,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await apps.start(
    { ...smtp.mailEnv(), ACK_EMAIL: "on", ...env },
    { testing: { outbox: { pollIntervalMs: 10 } } },
  );
  await app.ready();
  app.outbox.start();
  return app;
}

const acknowledgements = (smtp: TestSmtp) =>
  smtp.received.filter((mail) => !mail.envelope.to.includes("team@boothpilot.example"));

describeEachDialect("the acknowledgement on %s", (it) => {
  it("e-mails the sender once, from MAIL_FROM with the brand and the reply promise, and none of their words", async ({
    apps,
    smtp,
  }) => {
    const app = await startApp(apps, smtp);
    const answer = await postJson(app, contactFormPath, typed);
    expect(answer.json()).toEqual({ success: true });
    await waitFor("the team's e-mail and the acknowledgement", () => smtp.received.length === 2);
    const [ack] = acknowledgements(smtp);
    expect(ack?.envelope).toEqual({ from: "web@boothpilot.example", to: ["ada@example.com"] });
    const mail = readMail(ack?.raw ?? "");
    expect(mail.header("from")).toBe("BoothPilot <web@boothpilot.example>");
    expect(mail.header("to")).toBe("ada@example.com");
    expect(mail.header("subject")).toBe("We received your message: BoothPilot");
    expect(mail.header("auto-submitted")).toBe("auto-replied");
    expect(mail.text).toBe(
      "Thank you for contacting BoothPilot.\nYour message arrived safely and is with our team.\n" +
        "We'll get back to you within 24 hours.\n\nThis is an automatic confirmation; there is no need to answer it.\n",
    );
    for (const word of ["Mallory", "Typed", "typed", "forward", "555 0199"]) {
      expect(ack?.raw, word).not.toContain(word);
    }
  });

  it("acknowledges an address once a day, whatever it sends, and never spam", async ({
    apps,
    smtp,
  }) => {
    const app = await startApp(apps, smtp);
    await postJson(app, contactFormPath, contactFormPost());
    await postJson(app, contactFormPath, { ...contactFormPost(), message: "One more question." });
    await postJson(app, contactFormPath, {
      ...contactFormPost(),
      email: "ADA@example.com",
      message: "And from my address in capitals.",
    });
    await postJson(app, contactFormPath, {
      ...contactFormPost(),
      email: "grace@example.com",
      message: "Cheap backlinks and guest posts for your site.",
    });
    await postJson(app, contactFormPath, { ...contactFormPost(), email: "linus@example.com" });
    await waitFor("every e-mail", () => smtp.received.length === 6);
    await pause(200);
    expect(smtp.received.length).toBe(6);
    // Sent in parallel: in either order.
    expect(
      acknowledgements(smtp)
        .map((mail) => mail.envelope.to)
        .sort(),
    ).toEqual([["ada@example.com"], ["linus@example.com"]]);
  });

  it("acknowledges a mailbox once a day, whatever sub-address or dots its sender types", async ({
    apps,
    smtp,
  }) => {
    const app = await startApp(apps, smtp);
    const sent = [
      "victim@example.com",
      ...[1, 2, 3, 4, 5].map((n) => `victim+${n}@example.com`),
      "Victim+Promo@Example.com",
      "ada.lovelace@gmail.com",
      "adalovelace+1@gmail.com",
      "A.da.Love.lace@googlemail.com",
      // Another provider's dots are another mailbox.
      "v.ictim@example.com",
    ];
    for (const [n, email] of sent.entries()) {
      const answer = await postJson(app, contactFormPath, {
        ...contactFormPost(),
        email,
        message: `Question number ${n} about booths.`,
      });
      expect(answer.json()).toEqual({ success: true });
    }
    await waitFor("every e-mail", () => smtp.received.length === sent.length + 3);
    await pause(200);
    expect(
      acknowledgements(smtp)
        .map((mail) => mail.envelope.to)
        .sort(),
    ).toEqual([["ada.lovelace@gmail.com"], ["v.ictim@example.com"], ["victim@example.com"]]);
  });

  it("claims at most acknowledgementsPerHour a site-wide hour, then one again an hour after the first", async ({
    freshDb,
  }) => {
    const senders = leadSendersRepository(freshDb);
    const start = Date.parse("2026-11-20T08:00:00Z");
    const claims = [];
    for (let n = 0; n < acknowledgementsPerHour + 2; n++) {
      claims.push(await senders.claimAcknowledgement(`sender${n}@example.com`, start + n * 1000));
    }
    expect(claims).toEqual([
      ...Array.from({ length: acknowledgementsPerHour }, () => true),
      false,
      false,
    ]);
    // An hour after the first claim: the first sender still has their day's limit; one the cap refused was not
    // counted as acknowledged, and gets theirs now.
    expect(await senders.claimAcknowledgement("sender0@example.com", start + hour)).toBe(false);
    expect(
      await senders.claimAcknowledgement(
        `sender${acknowledgementsPerHour}@example.com`,
        start + hour,
      ),
    ).toBe(true);
  });

  it("sends none with ACK_EMAIL=off", async ({ apps, smtp }) => {
    const app = await startApp(apps, smtp, { ACK_EMAIL: "off" });
    await postJson(app, contactFormPath, contactFormPost());
    await waitFor("the team's e-mail", () => smtp.received.length === 1);
    await pause(200);
    expect(acknowledgements(smtp)).toEqual([]);
    expect(app.outbox.worker.stats.sent).toBe(1);
  });

  it("keeps the address a mail server refuses out of the log, and shows the reply in the console", async ({
    apps,
    smtp,
  }) => {
    smtp.refusedRecipients = ["ada@example.com"];
    const lines: string[] = [];
    const { app, session } = await apps.signedIn(
      { ...adminEnv, ...smtp.mailEnv(), ACK_EMAIL: "on" },
      {
        testing: { outbox: { pollIntervalMs: 10 } },
        logger: { level: "debug", stream: { write: (line: string) => lines.push(line) } },
      },
    );
    app.outbox.start();
    const answer = await postJson(app, contactFormPath, contactFormPost());
    expect(answer.json()).toEqual({ success: true });
    const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    await waitFor("the refusal logged", () =>
      logged().some((line) => line.msg === "lead deliveries: delivery failed; will retry"),
    );
    const refusal = logged().find((line) => line.channel === "ack");
    expect(refusal).toMatchObject({ level: 40, kind: "permanent", responseCode: 550 });
    expect(refusal).not.toHaveProperty("error");
    await waitFor("the team's e-mail", () => smtp.received.length === 1);
    expect(lines.join("\n")).not.toMatch(/ada@example\.com/i);

    const [row] = await app.database.db.selectFrom("contact_messages").select("id").execute();
    const detail = (
      await adminRequest(app, { url: adminApiPaths.message(String(row?.id)), session })
    ).json() as MessageDetail;
    const [ack] = detail.deliveries;
    expect([ack?.channel, ack?.receiver, ack?.status, ack?.lastErrorKind]).toEqual([
      "ack",
      "ada@example.com",
      "pending",
      "permanent",
    ]);
    expect(ack?.lastError).toContain(
      "550 5.1.1 <ada@example.com>: Recipient address rejected: User unknown",
    );
  });

  it("claims an address's acknowledgement again only a day after the last", async ({ freshDb }) => {
    const senders = leadSendersRepository(freshDb);
    const start = Date.parse("2026-11-20T08:00:00Z");
    const claims = [];
    for (const at of [0, 1, 23 * hour, 24 * hour, 25 * hour, 47 * hour, 48 * hour]) {
      claims.push(await senders.claimAcknowledgement("ada@example.com", start + at));
    }
    expect(claims).toEqual([true, false, false, true, false, false, true]);
  });

  it("deletes the addresses acknowledged a day ago on the retention run, and still limits the others", async ({
    apps,
    freshDb,
  }) => {
    const senders = leadSendersRepository(freshDb);
    const now = Date.now();
    await senders.claimAcknowledgement("ada@example.com", now - 25 * hour);
    await senders.claimAcknowledgement("grace@example.com", now - 23 * hour);
    const app = await apps.start();
    await app.ready();
    await app.visitRetention.run();
    const kept = await freshDb.db.selectFrom("acknowledged_senders").select("email").execute();
    expect(kept.map((row) => row.email)).toEqual(["grace@example.com"]);
    expect(await senders.claimAcknowledgement("grace@example.com", Date.now())).toBe(false);
  });

  it("forgets a sender's address, trusted and acknowledged, when their last message is erased", async ({
    apps,
    smtp,
  }) => {
    const { app, session } = await apps.signedIn({
      ...adminEnv,
      ...smtp.mailEnv(),
      ACK_EMAIL: "on",
    });
    const post = async (email: string, message: string) => {
      await postJson(app, contactFormPath, { ...contactFormPost(), email, message });
      const row = await app.database.db
        .selectFrom("contact_messages")
        .select("id")
        .where("message", "=", message)
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const first = await post("Ada@Example.com", "A first question.");
    const second = await post("ada@example.com", "A second question.");
    const other = await post("grace@example.com", "Another sender's question.");
    for (const id of [first, other]) {
      const trusted = await adminRequest(app, {
        method: "POST",
        url: adminApiPaths.messageAction(id, "not-spam"),
        session,
      });
      expect(trusted.statusCode).toBe(200);
    }
    const addresses = async () => {
      const { db } = app.database;
      const emails = (rows: { email: string }[]) => rows.map((row) => row.email).sort();
      return {
        trusted: emails(await db.selectFrom("trusted_senders").select("email").execute()),
        acknowledged: emails(await db.selectFrom("acknowledged_senders").select("email").execute()),
      };
    };
    const both = ["ada@example.com", "grace@example.com"];
    expect(await addresses()).toEqual({ trusted: both, acknowledged: both });
    const erase = async (id: string) =>
      (await adminRequest(app, { method: "DELETE", url: adminApiPaths.message(id), session }))
        .statusCode;

    // Another message of theirs remains (the address in another case): the address stays.
    expect(await erase(first)).toBe(204);
    expect(await addresses()).toEqual({ trusted: both, acknowledged: both });
    expect(await erase(second)).toBe(204);
    expect(await addresses()).toEqual({
      trusted: ["grace@example.com"],
      acknowledged: ["grace@example.com"],
    });

    // A message from a sub-address of the same mailbox keeps the mailbox's acknowledgement, not the trust in
    // the other address; its erasure forgets the mailbox too.
    const subAddressed = await post("Grace+Shows@example.com", "A question from a sub-address.");
    expect(await erase(other)).toBe(204);
    expect(await addresses()).toEqual({ trusted: [], acknowledged: ["grace@example.com"] });
    expect(await erase(subAddressed)).toBe(204);
    expect(await addresses()).toEqual({ trusted: [], acknowledged: [] });
  });
});
