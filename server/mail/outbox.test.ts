// Mail delivery end to end on both databases: the real app, the real nodemailer pool, a real SMTP server in this
// process. The worker's clock is Date.now() plus an offset the tests move, so retries come due without waiting.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { honeypotFieldName } from "../../contracts/contact-fields.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import type { AppDatabase } from "../db/database.ts";
import { outboxLockClass, outboxRepository } from "../db/repositories/outbox.ts";
import type { OutboxTuning } from "../outbox/worker.ts";
import { freshAddress, postJson } from "../test/app.ts";
import { contactFormPost, storeMessage } from "../test/factories.ts";
import { decodeWords, expectInBothBodies, readMail } from "../test/mime.ts";
import { contactMailIds, type TestSmtp } from "../test/smtp.ts";
import { type AppLauncher, dialects, storageTest as it } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const mailEnv = (smtp: TestSmtp) => ({
  ...smtp.mailEnv(),
  MAIL_TO: "team@boothpilot.example, sales@boothpilot.example",
  SITE_URL: "https://www.boothpilot.example/",
});

const contact = contactFormPost();

const second = 1_000;
const day = 24 * 60 * 60 * second;

class Clock {
  offset = 0;
  readonly now = () => Date.now() + this.offset;
  advance(ms: number): void {
    this.offset += ms;
  }
}

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface MailApp {
  app: FastifyInstance;
  clock: Clock;
  logs: LogLine[];
}

/** An app on the launcher's database with mail delivery started, its worker on a clock the test moves. */
async function startMailApp(
  apps: AppLauncher,
  env: Record<string, string>,
  worker: Partial<OutboxTuning> = {},
  smtpTimeouts = { connectionMs: 1_000, greetingMs: 300, socketMs: 2_000 },
): Promise<MailApp> {
  const clock = new Clock();
  const logs: LogLine[] = [];
  const app = await apps.start(env, {
    logger: {
      level: "debug",
      stream: { write: (line: string) => logs.push(JSON.parse(line) as LogLine) },
    },
    testing: {
      outbox: {
        now: clock.now,
        random: () => 0,
        pollIntervalMs: 10,
        probeIntervalMs: 30 * second,
        stopGraceMs: 3 * second,
        ...worker,
      },
      smtpTimeouts,
    },
  });
  await app.ready();
  app.outbox.start();
  return { app, clock, logs };
}

const submit = (app: FastifyInstance, payload: Record<string, unknown> = contact) =>
  postJson(app, contactFormPath, payload);

describe.each(dialects)("mail delivery on %s", (dialect) => {
  it.override("dialect", dialect);
  it.override("smtpOptions", { user: "mailer", pass: "s3cret:pass@word" });
  let database: AppDatabase;
  let smtp: TestSmtp;
  let apps: AppLauncher;

  const outbox = () => database.db.selectFrom("outbox").selectAll().orderBy("created_at").execute();
  const messages = () =>
    database.db.selectFrom("contact_messages").selectAll().orderBy("created_at").execute();

  const mailApp = (
    worker: Partial<OutboxTuning> = {},
    env = mailEnv(smtp),
    smtpTimeouts?: Parameters<typeof startMailApp>[3],
  ) => startMailApp(apps, env, worker, smtpTimeouts);

  it.beforeEach(({ freshDb, smtp: server, apps: launcher }) => {
    database = freshDb;
    smtp = server;
    apps = launcher;
  });

  it("delivers a message: headers, both bodies, the tracked session, the admin link; then marks it sent", async () => {
    const { app } = await mailApp();
    const sessionId = randomUUID();
    const visit = await postJson(app, trackReferrerPath, {
      session_id: sessionId,
      referrer: "https://www.google.com/search?q=flea+market+software",
      page_url:
        "https://www.boothpilot.example/event-types/flea-markets?utm_source=google&utm_medium=cpc",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    });
    expect(visit.statusCode).toBe(200);
    const before = Date.now();
    const response = await submit(app, { ...contact, session_id: sessionId });
    expect(response.statusCode).toBe(200);

    await waitFor("the delivery", () => smtp.received.length === 1);
    const [row] = await messages();
    const id = row!.id;
    const delivered = smtp.received[0]!;
    // Credentials from SMTP_URL (percent-encoded there) were used; the envelope is MAIL_FROM to MAIL_TO.
    expect(delivered.user).toBe("mailer");
    expect(delivered.envelope).toEqual({
      from: "web@boothpilot.example",
      to: ["team@boothpilot.example", "sales@boothpilot.example"],
    });
    const mail = readMail(delivered.raw);
    expect(mail.header("subject")).toBe("Contact form: Ada Lovelace (Analytical Markets)");
    expect(mail.header("reply-to")).toBe("Ada Lovelace <ada@example.com>");
    expect(mail.header("from")).toBe("Website contact form <web@boothpilot.example>");
    expect(mail.header("to")).toBe("team@boothpilot.example, sales@boothpilot.example");
    expect(mail.header("message-id")).toBe(`<contact.${id}@boothpilot.example>`);
    expect(new Date(mail.header("date")).getTime()).toBe(
      Math.floor(new Date(row!.created_at).getTime() / 1000) * 1000,
    );
    expect(new Date(row!.created_at).getTime()).toBeGreaterThanOrEqual(before - 5);
    const admin = `https://www.boothpilot.example/admin/messages/${id}`;
    expectInBothBodies(mail, [
      "ada@example.com",
      "+1 555 0100",
      "https://markets.example/fall",
      "/event-types/flea-markets",
      "search (www.google.com)",
      "utm_source=google, utm_medium=cpc",
      admin,
    ]);
    expect(mail.text).toContain(contact.message);
    expect(mail.html).toContain("Hello,\nwe run a flea market of 120 booths.\nCan you help?");

    const [sent] = await waitFor("the sent mark", async () => {
      const rows = await outbox();
      return rows[0]?.status === "sent" ? rows : undefined;
    });
    expect(sent).toMatchObject({
      subject_id: id,
      attempts: 1,
      lease_owner: null,
      last_error: null,
    });
    expect(sent!.sent_at).not.toBeNull();
  });

  it("turns hostile input into one clean message", async () => {
    const { app } = await mailApp();
    // Through the form, CR/LF in the name is refused and nothing is queued.
    const refused = await submit(app, { ...contact, name: "Eve\r\nBcc: everyone@example.com" });
    expect(refused.statusCode).toBe(400);
    expect(await outbox()).toHaveLength(0);

    // A stored row that holds CR/LF anyway (the e-mail does not rely on the contract) and HTML everywhere.
    const id = await storeMessage(
      app,
      {
        name: "Eve\r\nBcc: everyone@example.com\r\nSubject: you won",
        email: "eve@example.com",
        business_name: "<b>Evil</b>\nCorp",
        message: `<script>alert("x")</script>\r\n.\r\nRCPT TO:<everyone@example.com>\r\n<img src=x onerror=alert(1)>`,
      },
      { queueMail: true },
    );
    app.outbox.wake();
    await waitFor("the delivery", () => smtp.received.length === 1);
    await pause(100);
    expect(smtp.received).toHaveLength(1);
    const delivered = smtp.received[0]!;
    expect(delivered.envelope.to).toEqual(["team@boothpilot.example", "sales@boothpilot.example"]);
    const mail = readMail(delivered.raw);
    expect(mail.count("bcc")).toBe(0);
    expect(mail.count("subject")).toBe(1);
    expect(mail.header("subject")).toBe(
      "Contact form: Eve Bcc: everyone@example.com Subject: you won (<b>Evil</b> Corp)",
    );
    expect(mail.header("message-id")).toBe(`<contact.${id}@boothpilot.example>`);
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain("&lt;b&gt;Evil&lt;/b&gt; Corp");
    // The lone dot line and the fake command stayed message text (dot-stuffed on the wire).
    expect(mail.text).toContain("RCPT TO:<everyone@example.com>");
  });

  it("keeps encoded words and right-to-left overrides the sender typed out of the subject", async () => {
    const { app } = await mailApp();
    // ASCII that a mail client would decode as an encoded word holding U+202E (RIGHT-TO-LEFT OVERRIDE).
    const response = await submit(app, {
      ...contact,
      name: "Eve =?UTF-8?Q?=E2=80=AE?=gpj.exe",
      business_name: "Corp\u202etxt.exe =?utf-8?b?4oCu?=",
    });
    expect(response.statusCode).toBe(200);
    await waitFor("the delivery", () => smtp.received.length === 1);
    const mail = readMail(smtp.received[0]!.raw);
    expect(mail.header("subject")).toBe(
      "Contact form: Eve = ?UTF-8?Q?=E2=80=AE?=gpj.exe (Corp txt.exe = ?utf-8?b?4oCu?=)",
    );
    // A client that decodes once more (or inside the quoted Reply-To name) finds no encoded word either.
    for (const header of ["subject", "reply-to"]) {
      expect(decodeWords(mail.header(header)), header).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it("never e-mails spam (honeypot) or a duplicate submission", async () => {
    const { app } = await mailApp();
    expect((await submit(app, { ...contact, [honeypotFieldName]: "http://spam" })).statusCode).toBe(
      200,
    );
    const address = freshAddress();
    for (let n = 0; n < 2; n++) {
      const response = await postJson(
        app,
        contactFormPath,
        { ...contact, message: "once" },
        { address },
      );
      expect(response.statusCode).toBe(200);
    }
    await waitFor("the delivery", () => smtp.received.length === 1);
    await pause(100);
    const stored = await messages();
    expect(stored.map((row) => row.status).sort()).toEqual(["new", "spam"]);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject_id).toBe(stored.find((row) => row.status === "new")!.id);
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps messages while SMTP is down and delivers each exactly once when it is back", async () => {
    await smtp.down();
    const { app, clock, logs } = await mailApp({ probeIntervalMs: 8 * second });
    const early = await Promise.all(
      Array.from({ length: 6 }, (_, n) => submit(app, { ...contact, message: `early ${n}` })),
    );
    expect(early.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    await waitFor("the first failed attempts", async () => {
      const rows = await outbox();
      return rows.length === 6 && rows.every((row) => row.last_error_kind === "connection");
    });
    // More arrive during the outage; retries come due and fail too.
    for (let n = 0; n < 4; n++) {
      expect((await submit(app, { ...contact, message: `late ${n}` })).statusCode).toBe(200);
    }
    await waitFor("the first attempts of the late ones", async () => {
      const rows = await outbox();
      return (
        rows.length === 10 && rows.every((row) => row.attempts >= 1 && row.lease_owner === null)
      );
    });
    clock.advance(6 * second);
    await waitFor("retries", async () => {
      const rows = await outbox();
      return (
        rows.length === 10 && rows.every((row) => row.attempts >= 2 && row.lease_owner === null)
      );
    });
    const pending = await outbox();
    expect(pending.every((row) => row.status === "pending" && row.lease_owner === null)).toBe(true);
    expect(pending[0]!.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    const warnings = logs.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual(["mail outbox: delivery failed; will retry"]);

    await smtp.up();
    // The next probe (8 s after the first failure) finds the server, and every waiting message is due at once,
    // before its own retry time (16 s).
    expect(Math.min(...pending.map((row) => Number(row.next_attempt_at)))).toBeGreaterThan(
      clock.now() + 8 * second,
    );
    clock.advance(3 * second);
    await waitFor("every delivery", async () => {
      const rows = await outbox();
      return rows.every((row) => row.status === "sent") ? rows : undefined;
    });
    await pause(100);
    expect(smtp.messageIds().sort()).toEqual(
      contactMailIds((await messages()).map((row) => row.id)),
    );
    expect(
      logs.find((line) => line.msg === "mail outbox: SMTP server reachable again"),
    ).toMatchObject({ released: 10 });
  });

  it("retries a 4xx answer on schedule and delivers it once the server accepts", async () => {
    smtp.behaviour = { kind: "reply", code: 451, text: "Greylisted, try again later" };
    const { app, clock } = await mailApp();
    expect((await submit(app)).statusCode).toBe(200);
    const [failed] = await waitFor("the first attempt", async () => {
      const rows = await outbox();
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error_kind: "transient" });
    expect(failed!.last_error).toContain("451 Greylisted, try again later");
    // First retry 5 s after the failure (no jitter here).
    const retryAt = Number(failed!.next_attempt_at);
    expect(retryAt - new Date(failed!.last_attempt_at!).getTime()).toBeGreaterThanOrEqual(
      5 * second,
    );
    expect(retryAt - new Date(failed!.last_attempt_at!).getTime()).toBeLessThan(6 * second);

    smtp.behaviour = { kind: "accept" };
    clock.offset = retryAt - Date.now() - 2 * second;
    await pause(150);
    expect(smtp.dataCommands).toBe(1);
    clock.offset = retryAt - Date.now();
    await waitFor("the retry", () => smtp.received.length === 1);
    const [sent] = await waitFor("the sent mark", async () => {
      const rows = await outbox();
      return rows[0]?.status === "sent" ? rows : undefined;
    });
    expect(sent!.attempts).toBe(2);
    expect(smtp.dataCommands).toBe(2);
  });

  it("retries a 5xx answer for four days, then marks the message failed and logs an error", async () => {
    smtp.behaviour = { kind: "reply", code: 550, text: "Mailbox unavailable" };
    const { app, clock, logs } = await mailApp();
    expect((await submit(app)).statusCode).toBe(200);
    const attempt = async (n: number) =>
      waitFor(`attempt ${n}`, async () => {
        const [row] = await outbox();
        return row && row.attempts === n && row.lease_owner === null ? row : undefined;
      });
    let row = await attempt(1);
    const enqueuedAt = new Date(row.created_at).getTime();
    const delays: number[] = [];
    for (let n = 2; n <= 4; n++) {
      const due = Number(row.next_attempt_at);
      delays.push(due - new Date(row.last_attempt_at!).getTime());
      clock.offset = due - Date.now();
      row = await attempt(n);
    }
    // 5 s, 10 s, 20 s after each failure (measured from the claim: plus the time the attempt took).
    delays.forEach((delay, index) => {
      expect(delay - 5 * second * 2 ** index).toBeGreaterThanOrEqual(0);
      expect(delay - 5 * second * 2 ** index).toBeLessThan(second);
    });
    expect(row).toMatchObject({ status: "pending", last_error_kind: "permanent" });

    // Just under four days: still retried.
    clock.offset = enqueuedAt + 4 * day - 60 * second - Date.now();
    row = await attempt(5);
    expect(row.status).toBe("pending");
    // Its next attempt comes after four days have passed since the message was written: the last one.
    expect(Number(row.next_attempt_at)).toBeGreaterThan(enqueuedAt + 4 * day);
    clock.offset = Number(row.next_attempt_at) - Date.now();
    const failed = await waitFor("the failed mark", async () => {
      const [current] = await outbox();
      return current?.status === "failed" ? current : undefined;
    });
    expect(failed).toMatchObject({ attempts: 6, last_error_kind: "permanent", lease_owner: null });
    expect(failed.last_error).toContain("550 Mailbox unavailable");
    expect(failed.failed_at).not.toBeNull();
    expect(smtp.received).toHaveLength(0);
    const errors = logs.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ messageId: failed.subject_id, attempts: 6 });
    expect(errors[0]!.msg).toMatch(/NOT delivered; gave up after 4 days/);
    // Failed is final: no more attempts.
    clock.advance(day);
    await pause(100);
    expect(smtp.dataCommands).toBe(6);
  });

  it("answers the form at once while the SMTP server does not answer at all", async () => {
    smtp.behaviour = { kind: "silent" };
    const { app } = await mailApp();
    expect((await submit(app)).statusCode).toBe(200);
    // Answered and committed while the send is still waiting for a greeting.
    const [queued] = await outbox();
    expect(queued).toMatchObject({ status: "pending", last_error: null });
    const [failed] = await waitFor("the greeting timeout", async () => {
      const rows = await outbox();
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: "pending", last_error_kind: "connection" });
    expect(failed!.last_error).toMatch(/ETIMEDOUT/);
  });

  it("waits for a send in flight when the app closes", async () => {
    smtp.behaviour = { kind: "accept", delayMs: 300 };
    const { app } = await mailApp();
    expect((await submit(app)).statusCode).toBe(200);
    await waitFor("the claim", async () => (await outbox())[0]?.lease_owner);
    await app.close();
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: "sent", lease_owner: null });
  });

  it("stops within its grace period while the SMTP server does not answer, giving the row back", async () => {
    smtp.behaviour = { kind: "silent" };
    const { app } = await mailApp({ stopGraceMs: 200 }, mailEnv(smtp), {
      connectionMs: 20_000,
      greetingMs: 20_000,
      socketMs: 20_000,
    });
    expect((await submit(app)).statusCode).toBe(200);
    await waitFor("the claim", async () => (await outbox())[0]?.lease_owner);
    const closed = await Promise.race([
      app.close().then(() => "closed"),
      pause(5_000).then(() => "still waiting for the SMTP server"),
    ]);
    expect(closed).toBe("closed");
    // Not a failure: the row is due again at once, for the next start.
    expect((await outbox())[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lease_owner: null,
      last_error: null,
    });
  });

  it("does not wait for a check of a silent server when it stops", async () => {
    await smtp.down();
    const { app, clock } = await mailApp({ probeIntervalMs: 1_000 }, mailEnv(smtp), {
      connectionMs: 20_000,
      greetingMs: 20_000,
      socketMs: 20_000,
    });
    expect((await submit(app)).statusCode).toBe(200);
    await waitFor("the refused attempt", async () => (await outbox())[0]?.last_error_kind);
    smtp.behaviour = { kind: "silent" };
    await smtp.up();
    const connectionsBefore = smtp.connections;
    // The check is due (the message's own retry is not): it connects and waits for a greeting.
    clock.advance(1_500);
    await waitFor("the check", () => smtp.connections > connectionsBefore);
    const closed = await Promise.race([
      app.close().then(() => "closed"),
      pause(5_000).then(() => "still waiting for the SMTP server"),
    ]);
    expect(closed).toBe("closed");
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("queues nothing and logs once at start that mail delivery is off without SMTP_URL", async () => {
    const { app, logs } = await mailApp({}, {} as ReturnType<typeof mailEnv>);
    expect(app.mailer.enabled).toBe(false);
    expect((await submit(app)).statusCode).toBe(200);
    expect(await messages()).toHaveLength(1);
    expect(await outbox()).toHaveLength(0);
    expect(logs.filter((line) => /mail delivery is off/.test(line.msg))).toHaveLength(1);
  });
});

describe("mail delivery over smtps://", () => {
  it.override("smtpOptions", { user: "tls-user", pass: "tls-pass", secure: true });
  it("delivers over implicit TLS", async ({ smtp, apps }) => {
    const { app } = await startMailApp(apps, mailEnv(smtp));
    expect(smtp.url).toMatch(/^smtps:\/\//);
    expect((await submit(app)).statusCode).toBe(200);
    await waitFor("the delivery", () => smtp.received.length === 1);
    expect(smtp.received[0]!.user).toBe("tls-user");
  });
});

describe("the outbox on SQLite", () => {
  it("releases at start the leases of a worker that is gone (one worker per database)", async ({
    freshDb: database,
    smtp,
    apps,
  }) => {
    const { app: first } = await startMailApp(apps, mailEnv(smtp));
    // A second worker on the same database in this process is refused.
    const second = await apps.start(mailEnv(smtp));
    await second.ready();
    expect(() => second.outbox.start()).toThrow(/already serves the SQLite database/);
    await second.close();
    await first.close();

    const id = await storeMessage(
      first,
      { name: "Grace", message: "left leased" },
      { queueMail: true },
    );
    // As if a worker had claimed it and then been killed.
    await database.db
      .updateTable("outbox")
      .set({ lease_owner: "gone", next_attempt_at: Date.now() + 60 * 60_000, attempts: 1 })
      .execute();
    await startMailApp(apps, mailEnv(smtp));
    await waitFor("the delivery", () => smtp.received.length === 1);
    expect(smtp.messageIds()).toEqual([`<contact.${id}@boothpilot.example>`]);
  });
});

describe("several instances on one PostgreSQL database", () => {
  it.override("dialect", "postgres");
  let database: AppDatabase;
  /** The second instance's own connections to the same database. */
  let second: AppDatabase;
  let smtp: TestSmtp;
  let apps: AppLauncher;

  it.beforeEach(async ({ freshDb, freshDbConfig, smtp: server, apps: launcher }) => {
    database = freshDb;
    smtp = server;
    apps = launcher;
    second = await apps.open(freshDbConfig);
  });

  const queue = (count: number): Promise<string[]> =>
    Promise.all(
      Array.from({ length: count }, (_, n) =>
        storeMessage(
          database,
          { name: "Grace", message: `instance test ${n} ${randomUUID()}` },
          { queueMail: true },
        ),
      ),
    );

  it("hand each due row to one claimer only (FOR UPDATE SKIP LOCKED)", async () => {
    const ids = await queue(150);
    const claimers = [outboxRepository(database), outboxRepository(second)];
    // Open four connections in each pool first, so that every claimer's first claim runs at once.
    for (const instance of [database, second]) {
      await Promise.all(
        Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(instance.db)),
      );
    }
    const claimed: string[] = [];
    const claimsBy = [0, 0];
    await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const repository = claimers[n % 2]!;
        for (;;) {
          const rows = await repository.claim(`claimer-${n}`, Date.now(), 7, 60_000);
          if (rows.length === 0) return;
          expect(rows.length).toBeLessThanOrEqual(7);
          claimsBy[n % 2]! += rows.length;
          claimed.push(...rows.map((row) => row.subjectId ?? ""));
        }
      }),
    );
    expect(Math.min(...claimsBy)).toBeGreaterThan(0);
    expect(claimed).toHaveLength(150);
    expect(new Set(claimed).size).toBe(150);
    expect(new Set(claimed)).toEqual(new Set(ids));
  });

  it("deliver each message exactly once with two workers", async () => {
    const ids = await queue(60);
    await sql`select 1`.execute(second.db);
    // Each send takes a little while, so that both workers are busy at once.
    smtp.behaviour = { kind: "accept", delayMs: 5 };
    const env = mailEnv(smtp);
    const [one, two] = await Promise.all([
      startMailApp(apps, env, { batchSize: 3 }),
      startMailApp(apps.on(second), env, { batchSize: 3 }),
    ]);
    await waitFor("every delivery", () => smtp.received.length >= 60);
    await pause(200);
    expect(smtp.messageIds().sort()).toEqual(contactMailIds(ids));
    const sent = [one, two].map((started) => started.app.outbox.worker.stats.sent);
    expect(sent[0]! + sent[1]!).toBe(60);
    expect(Math.min(...sent)).toBeGreaterThan(0);
    const rows = await waitFor("the sent marks", async () => {
      const current = await database.db.selectFrom("outbox").select("status").execute();
      return current.every((row) => row.status === "sent") ? current : undefined;
    });
    expect(rows).toHaveLength(60);
  });

  it("respect a live instance's lease, and take it back the moment that instance is gone", async () => {
    const [id] = await queue(1);
    // Another instance, alive (it holds its lock), claimed it; its lease ends in an hour.
    const other = second.dedicatedClient!("lease");
    await other.connect();
    await other.query("select pg_advisory_lock($1, 4242)", [outboxLockClass]);
    await database.db
      .updateTable("outbox")
      .set({ lease_owner: "4242", next_attempt_at: Date.now() + 60 * 60_000, attempts: 1 })
      .execute();
    await startMailApp(apps, mailEnv(smtp));
    await pause(300);
    expect(smtp.received).toHaveLength(0);
    // The instance is gone (its connection with it): its lease is taken back at the next look, not in an hour.
    await other.end();
    await waitFor("the delivery after the instance ended", () => smtp.received.length === 1);
    expect(smtp.messageIds()).toEqual([`<contact.${id}@boothpilot.example>`]);
    const row = await waitFor("the sent mark", async () => {
      const [current] = await database.db.selectFrom("outbox").selectAll().execute();
      return current?.status === "sent" ? current : undefined;
    });
    expect(row.attempts).toBe(2);
  });
});
