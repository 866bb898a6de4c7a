// The weekly report end to end on both databases: the real app, visits, events and messages stored through the
// repositories the functions use, the real nodemailer pool, a real SMTP server in this process. The report's clock is
// the app's testing clock, which the tests move: the week ends, a retry comes due, without waiting.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import type { AppDatabase } from "../db/database.ts";
import type { OutboxTuning } from "../outbox/worker.ts";
import { appendEvent, recordVisit, storeMessage } from "../test/factories.ts";
import { readMail } from "../test/mime.ts";
import type { TestSmtp } from "../test/smtp.ts";
import { type AppLauncher, dialects, storageTest as it } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const minute = 60_000;
const hour = 60 * minute;
const dayMs = 24 * hour;
const weekMs = 7 * dayMs;

/** Monday 00:00 UTC of the current real week: the data stays within the retention of raw visits. */
const today = Math.floor(Date.now() / dayMs) * dayMs;
const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * dayMs;
/** The week the report is about, and the week before it. */
const lastMonday = thisMonday - weekMs;
const mondayBefore = lastMonday - weekMs;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Clock {
  at: number;
  constructor(at: number) {
    this.at = at;
  }
  readonly now = () => this.at;
}

const secretText = "SECRET-MESSAGE-TEXT please call me";

/**
 * The reported week: 6 visits by people (3 search, 2 of them from the campaign fall-fair; 2 direct; 1 social from a
 * campaign with markup) and a bot's, 2 sign-up clicks, a login click, 4 pageviews, 2 messages and a spam one. The week
 * before: 3 visits (2 search, 1 of them fall-fair; 1 direct), 1 sign-up click, 1 message. Around them, visits just
 * outside both weeks.
 */
async function seed(database: AppDatabase): Promise<void> {
  const at = (monday: number, offset: number) => ({ at: monday + offset });
  const google = { source: "organic_search" as const, referrer_host: "www.google.com" };
  const fallFair = { ...google, utm_source: "google", utm_campaign: "fall-fair" };
  const s1 = await recordVisit(database, fallFair, at(lastMonday, 0));
  const s2 = await recordVisit(database, fallFair, at(lastMonday, 2 * dayMs));
  await recordVisit(database, google, at(lastMonday, 3 * dayMs));
  const d1 = await recordVisit(database, {}, at(lastMonday, 4 * dayMs));
  await recordVisit(database, {}, at(lastMonday, 5 * dayMs));
  const social = await recordVisit(
    database,
    {
      source: "organic_social",
      referrer_host: "www.facebook.com",
      utm_campaign: "<b>Spring</b> & co",
    },
    at(lastMonday, weekMs - 1),
  );
  await recordVisit(database, { is_bot: true }, at(lastMonday, dayMs));
  await appendEvent(database, { session_id: s1, name: "sign_up" }, at(lastMonday, hour));
  await appendEvent(database, { session_id: social, name: "sign_up" }, at(lastMonday, weekMs - 1));
  await appendEvent(database, { session_id: d1, name: "login" }, at(lastMonday, 4 * dayMs));
  for (const session of [s1, s2, d1, social]) {
    await appendEvent(database, { session_id: session, name: "pageview" }, at(lastMonday, 1));
  }
  await storeMessage(
    database,
    { name: "Grace Hopper", session_id: s1, message: secretText },
    at(lastMonday, hour),
  );
  await storeMessage(database, { name: "Alan Turing" }, at(lastMonday, 6 * dayMs));
  await storeMessage(
    database,
    { name: "Spam Bot", message: "cheap pills", status: "spam" },
    at(lastMonday, dayMs),
  );

  const b1 = await recordVisit(database, fallFair, at(mondayBefore, 0));
  await recordVisit(database, google, at(mondayBefore, dayMs));
  await recordVisit(database, {}, at(mondayBefore, 2 * dayMs));
  await appendEvent(database, { session_id: b1, name: "sign_up" }, at(mondayBefore, hour));
  await storeMessage(database, { name: "Ada Lovelace" }, at(mondayBefore, 3 * dayMs));

  // Just before the week before, and in the week after the reported one: in neither.
  await recordVisit(database, google, at(mondayBefore, -1));
  await recordVisit(database, fallFair, at(thisMonday, minute));
}

/** The figures of the seeded weeks, as the plain-text body shows them. */
const expectedTables = [
  "The week",
  "                          This week  Week before   Change",
  "Visits                            6            3    +100%",
  "Sign-up clicks                    2            1    +100%",
  "Sign-up clicks per visit      33.3%        33.3%  0.0 pts",
  "Contact messages                  2            1    +100%",
  "Pageviews                         4            0      new",
  "",
  "Top 5 sources by visits",
  "Source          Visits  Before  Change  Sign-up clicks  Before  Change",
  "Organic Search       3       2    +50%               1       1      0%",
  "Direct               2       1   +100%               0       0      0%",
  "Organic Social       1       0     new               1       0     new",
  "",
  "Top 5 campaigns by visits",
  "Campaign            Visits  Before  Change  Sign-up clicks  Before  Change",
  "fall-fair                2       1   +100%               1       1      0%",
  "<b>Spring</b> & co       1       0     new               1       0     new",
].join("\n");

interface ReportApp {
  app: FastifyInstance;
  clock: Clock;
}

/** An app with mail on and the weekly report started, its clock ten minutes into this Monday unless told. */
async function startReportApp(
  apps: AppLauncher,
  smtp: TestSmtp,
  options: { env?: Record<string, string>; at?: number; tuning?: Partial<OutboxTuning> } = {},
): Promise<ReportApp> {
  const clock = new Clock(options.at ?? thisMonday + 10 * minute);
  const app = await apps.start(
    {
      ...smtp.mailEnv(),
      WEEKLY_REPORT: "on",
      SITE_URL: "https://www.boothpilot.example",
      ...options.env,
    },
    {
      testing: {
        now: clock.now,
        outbox: { pollIntervalMs: 20, random: () => 0, stopGraceMs: 300, ...options.tuning },
        smtpTimeouts: { connectionMs: 1_000, greetingMs: 5_000, socketMs: 5_000 },
      },
    },
  );
  await app.ready();
  // The rollup worker's passes, which a listening server runs every ROLLUP_INTERVAL_MS.
  await app.rollupWorker.catchUp();
  app.outbox.start();
  return { app, clock };
}

describe.each(dialects)("the weekly report on %s", (dialect) => {
  it.override("dialect", dialect);
  let database: AppDatabase;
  let smtp: TestSmtp;
  let apps: AppLauncher;

  it.beforeEach(({ freshDb, smtp: server, apps: launcher }) => {
    database = freshDb;
    smtp = server;
    apps = launcher;
  });

  const reports = async () => {
    const rows = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "weekly-report")
      .orderBy("key")
      .execute();
    return rows.map((row) => ({ ...row, week: JSON.parse(row.payload ?? "{}").week as string }));
  };

  const sentReport = (week: number) =>
    waitFor(`the sent mark of ${isoDay(week)}`, async () => {
      const row = (await reports()).find((report) => report.week === isoDay(week));
      return row?.status === "sent" ? row : undefined;
    });

  it("e-mails a finished week's figures once, and the next week's when it ends", async () => {
    await seed(database);
    const { app, clock } = await startReportApp(apps, smtp);
    await waitFor("the report", () => smtp.received.length === 1);
    const delivered = smtp.received[0]!;
    expect(delivered.envelope).toEqual({
      from: "web@boothpilot.example",
      to: ["team@boothpilot.example"],
    });
    const mail = readMail(delivered.raw);
    expect(mail.header("subject")).toBe(
      `BoothPilot weekly report, week of ${isoDay(lastMonday)}: 6 visits (+100%)`,
    );
    expect(mail.header("message-id")).toBe(
      `<weekly-report.${isoDay(lastMonday)}@boothpilot.example>`,
    );
    expect(new Date(mail.header("date")).getTime()).toBe(Math.floor(clock.at / 1000) * 1000);
    expect(mail.text).toContain(`\n\n${expectedTables}\n\n`);
    const link = `https://www.boothpilot.example/admin/analytics?range=custom&from=${isoDay(lastMonday)}&to=${isoDay(thisMonday - dayMs)}`;
    expect(mail.text).toContain(`The week in the admin console: ${link}\n`);
    expect(mail.html).toContain(`<a href="${link.replaceAll("&", "&amp;")}">`);
    expect(mail.html).toContain("&lt;b&gt;Spring&lt;/b&gt; &amp; co");
    expect(mail.html).not.toContain("<b>Spring");
    // Counts only: nothing a sender wrote.
    for (const written of [secretText, "Grace Hopper", "grace.hopper@example.com", "cheap pills"]) {
      expect(delivered.raw).not.toContain(written);
    }
    expect(await sentReport(lastMonday)).toMatchObject({ attempts: 1, lease_owner: null });

    // Later in the week: nothing more. When it is over, its own report.
    clock.at = thisMonday + 6 * dayMs + 23 * hour;
    await pause(200);
    expect(smtp.received).toHaveLength(1);
    // Sent once the rollup worker has had time to count the week's last minutes.
    clock.at = thisMonday + weekMs;
    await pause(200);
    expect(smtp.received).toHaveLength(1);
    clock.at = thisMonday + weekMs + 2 * minute;
    await waitFor("the next week's report", () => smtp.received.length === 2);
    const next = readMail(smtp.received[1]!.raw);
    expect(next.header("subject")).toBe(
      `BoothPilot weekly report, week of ${isoDay(thisMonday)}: 1 visit (-83%)`,
    );
    await sentReport(thisMonday);
    expect((await reports()).map((report) => report.week)).toEqual([
      isoDay(lastMonday),
      isoDay(thisMonday),
    ]);
    expect(app.outbox.worker.stats).toMatchObject({ sent: 2, retries: 0, failed: 0 });
  });

  it("is sent once by two instances on one database", async ({ freshDbConfig }) => {
    await seed(database);
    const second = await apps.open(freshDbConfig);
    // One instance serves a SQLite database (the outbox refuses a second): several only on PostgreSQL.
    const launchers = dialect === "postgres" ? [apps, apps.on(second), apps] : [apps];
    const started = await Promise.all(launchers.map((launcher) => startReportApp(launcher, smtp)));
    await waitFor("the report", () => smtp.received.length === 1);
    await sentReport(lastMonday);
    await pause(300);
    expect(smtp.messageIds()).toEqual([`<weekly-report.${isoDay(lastMonday)}@boothpilot.example>`]);
    const sent = started.map(({ app }) => app.outbox.worker.stats.sent);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(readMail(smtp.received[0]!.raw).text).toContain(expectedTables);
  });

  it("delivers once after the SMTP server failed, across a restart", async () => {
    await seed(database);
    await smtp.down();
    const first = await startReportApp(apps, smtp);
    const failed = await waitFor("the failed attempt", async () => {
      const [row] = await reports();
      return row?.last_error ? row : undefined;
    });
    expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error_kind: "connection" });
    // The first retry on the contact mails' schedule: 5 s later (no jitter here).
    expect(Number(failed.next_attempt_at)).toBe(first.clock.at + 5_000);
    await first.app.close();

    // A visit stored meanwhile is in the figures: they are read when the report is sent.
    await recordVisit(
      database,
      { source: "ai", referrer_host: "chatgpt.com" },
      { at: lastMonday + hour },
    );
    await smtp.up();
    const second = await startReportApp(apps, smtp, { at: thisMonday + 10 * minute + 5_000 });
    await waitFor("the report", () => smtp.received.length === 1);
    expect(await sentReport(lastMonday)).toMatchObject({ attempts: 2 });
    const { text } = readMail(smtp.received[0]!.raw);
    expect(text).toMatch(/^Visits +7 +3 +\+133%$/m);
    expect(text).toMatch(/^AI assistants +1 +0 +new +0 +0 +0%$/m);
    await second.app.close();

    // Sent: another restart sends nothing again.
    await startReportApp(apps, smtp, { at: thisMonday + dayMs });
    await pause(200);
    expect(smtp.received).toHaveLength(1);
  });

  it("gives up after the contact mails' four days, and marks the week failed", async () => {
    smtp.behaviour = { kind: "reply", code: 550, text: "mailbox unavailable" };
    const { clock, app } = await startReportApp(apps, smtp);
    await waitFor("the first refusal", async () => (await reports())[0]?.last_error);
    clock.at += 4 * dayMs;
    const row = await waitFor("the failed mark", async () => {
      const [current] = await reports();
      return current?.status === "failed" ? current : undefined;
    });
    expect(row).toMatchObject({ attempts: 2, last_error_kind: "permanent", lease_owner: null });
    expect(row.last_error).toContain("550");
    clock.at += dayMs;
    await pause(200);
    expect(smtp.dataCommands).toBe(2);
    expect(app.outbox.worker.stats).toMatchObject({ sent: 0, retries: 1, failed: 1 });
  });

  it("gives a send cut short by shutdown back, and sends it once after the restart", async () => {
    smtp.behaviour = { kind: "silent" };
    const first = await startReportApp(apps, smtp);
    await waitFor("the connection", () => smtp.connections > 0);
    await first.app.close();
    const [row] = await reports();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lease_owner: null });
    expect(Number(row!.next_attempt_at)).toBe(first.clock.at);
    smtp.behaviour = { kind: "accept" };
    await startReportApp(apps, smtp);
    await waitFor("the report", () => smtp.received.length === 1);
    expect(await sentReport(lastMonday)).toMatchObject({ attempts: 2 });
  });

  it("sends nothing with WEEKLY_REPORT=off, or without mail", async () => {
    await seed(database);
    const off = await startReportApp(apps, smtp, { env: { WEEKLY_REPORT: "off" } });
    const noMail = await apps.start({}, { testing: { now: () => thisMonday + 10 * minute } });
    for (const app of [off.app, noMail]) {
      await app.listen({ port: 0, host: "127.0.0.1" });
    }
    await pause(200);
    expect(smtp.connections).toBe(0);
    expect(await reports()).toEqual([]);
  });
});
