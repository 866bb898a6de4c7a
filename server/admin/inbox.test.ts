// The inbox API on both databases, through the real app: listing newest first with keyset pages and filters, one
// message with its e-mail delivery and the sender's tracked visit, and a failed e-mail sent again to a real SMTP
// server in this process.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths, type InboxPage, type MessageDetail } from "../../contracts/admin-api.ts";
import type { AppDatabase } from "../db/database.ts";
import type { NewContactMessage } from "../db/repositories/contact-messages/index.ts";
import { adminEnv, adminRequest, expectAdminError } from "../test/admin.ts";
import { browserUserAgent, recordVisit, storeMessage } from "../test/factories.ts";
import { readMail } from "../test/mime.ts";
import type { TestSmtp } from "../test/smtp.ts";
import { type AppLauncher, dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const minute = 60_000;

describe.each(dialects)("admin inbox on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let smtp: TestSmtp;
  let apps: AppLauncher;
  /** The five messages, oldest first (see beforeEach). */
  let ids: { sent: string; spam: string; failed: string; pending: string; unmailed: string };
  const base = Date.now() - 60 * minute;

  const start = (env: Record<string, string> = adminEnv) =>
    apps.signedIn(env, { testing: { outbox: { pollIntervalMs: 10 } } });

  /** Stores a message received at `at`, sent from a browser by someone whose market bears their name. */
  const store = (
    at: number,
    fields: Partial<NewContactMessage> & { name: string },
    queueMail: boolean,
  ) =>
    storeMessage(
      database,
      {
        business_name: `${fields.name} Markets`,
        user_agent: browserUserAgent,
        ...fields,
      },
      { at, queueMail },
    );

  const setMail = (id: string, values: Record<string, unknown>) =>
    database.db.updateTable("outbox").set(values).where("subject_id", "=", id).execute();

  const list = async (app: FastifyInstance, session: string, query = "") => {
    const response = await adminRequest(app, { url: `${adminApiPaths.messages}${query}`, session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InboxPage;
  };

  it.beforeEach(async ({ freshDb, smtp: server, apps: launcher }) => {
    database = freshDb;
    smtp = server;
    apps = launcher;
    const sessionId = await recordVisit(
      database,
      {
        referrer_url: "https://www.google.com/search?q=booth+software",
        referrer_host: "www.google.com",
        source: "organic_search",
        landing_path: "/pricing",
        utm_source: "google",
        utm_medium: "cpc",
        utm_campaign: "spring-fairs",
      },
      { at: base - minute },
    );
    ids = {
      sent: await store(
        base,
        {
          name: "Ada Lovelace",
          message: "We run a flea market\nof 120 booths.",
          session_id: sessionId,
        },
        true,
      ),
      spam: await store(base + minute, { name: "Spam Bot", status: "spam" }, true),
      failed: await store(base + 2 * minute, { name: "Grace Hopper" }, true),
      pending: await store(base + 3 * minute, { name: "Alan Turing" }, true),
      unmailed: await store(base + 4 * minute, { name: "Edsger Dijkstra" }, false),
    };
    await setMail(ids.sent, {
      status: "sent",
      attempts: 1,
      sent_at: new Date(base + 1_000).toISOString(),
    });
    await setMail(ids.failed, {
      status: "failed",
      attempts: 212,
      failed_at: new Date(base + 3 * minute).toISOString(),
      last_error: "535 5.7.8 Authentication credentials invalid",
      last_error_kind: "connection",
      // Far in the future: only a retry makes it due.
      next_attempt_at: Date.now() + 365 * 24 * 60 * minute,
    });
    await setMail(ids.pending, { next_attempt_at: Date.now() + 365 * 24 * 60 * minute });
  });
  it("lists every message newest first, with its e-mail state, and counts the failed e-mails", async () => {
    const { app, session } = await start();
    const page = await list(app, session);
    expect(page.messages.map((message) => message.id)).toEqual([
      ids.unmailed,
      ids.pending,
      ids.failed,
      ids.spam,
      ids.sent,
    ]);
    expect(page.messages.map((message) => message.mail)).toEqual([
      "none",
      "pending",
      "failed",
      "none",
      "sent",
    ]);
    expect(page.failedMailCount).toBe(1);
    expect(page.nextCursor).toBeNull();
    expect(page.messages.at(-1)).toEqual({
      id: ids.sent,
      receivedAt: new Date(base).toISOString(),
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      businessName: "Ada Lovelace Markets",
      excerpt: "We run a flea market of 120 booths.",
      status: "new",
      mail: "sent",
      read: false,
      handled: false,
      source: "organic_search",
      campaign: "spring-fairs",
    });
    // A message whose form sent no tracked session has neither.
    expect(
      page.messages.slice(0, -1).map(({ source, campaign }) => ({ source, campaign })),
    ).toEqual(Array(4).fill({ source: null, campaign: null }));
  });

  it("pages with a cursor: every message once, in order, even when one arrives between pages", async () => {
    const { app, session } = await start();
    const first = await list(app, session, "?limit=2");
    expect(first.messages.map((message) => message.id)).toEqual([ids.unmailed, ids.pending]);
    expect(first.nextCursor).toEqual(expect.any(String));
    await store(Date.now(), { name: "Late Arrival" }, false);
    const second = await list(
      app,
      session,
      `?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(second.messages.map((message) => message.id)).toEqual([ids.failed, ids.spam]);
    const third = await list(
      app,
      session,
      `?limit=2&cursor=${encodeURIComponent(second.nextCursor ?? "")}`,
    );
    expect(third.messages.map((message) => message.id)).toEqual([ids.sent]);
    expect(third.nextCursor).toBeNull();
  });

  it("pages messages received in the same millisecond without losing or repeating one", async ({
    storage,
  }) => {
    // Its own messages only: a database of its own, without those every other test starts with.
    database = await apps.open(await storage.newConfig(dialect));
    apps = apps.on(database);
    const { app, session } = await start();
    const at = Date.now() - minute;
    const same = [];
    for (let index = 0; index < 5; index++) {
      same.push(await store(at, { name: `Twin ${index}` }, false));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const page = await list(app, session, query);
      seen.push(...page.messages.map((message) => message.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(same));
  });

  it("filters by status and by e-mail state", async () => {
    const { app, session } = await start();
    const idsOf = async (query: string) =>
      (await list(app, session, query)).messages.map((message) => message.id);
    expect(await idsOf("?status=spam")).toEqual([ids.spam]);
    expect(await idsOf("?status=new")).toEqual([ids.unmailed, ids.pending, ids.failed, ids.sent]);
    expect(await idsOf("?mail=failed")).toEqual([ids.failed]);
    expect(await idsOf("?mail=pending")).toEqual([ids.pending]);
    expect(await idsOf("?mail=sent")).toEqual([ids.sent]);
    expect(await idsOf("?mail=none")).toEqual([ids.unmailed, ids.spam]);
    expect(await idsOf("?status=new&mail=none")).toEqual([ids.unmailed]);
  });

  it("refuses bad query parameters with a 400 that names them", async () => {
    const { app, session } = await start();
    const cases: [string, string][] = [
      ["?status=archived", "status must be one of: new, spam"],
      ["?mail=bounced", "mail must be one of: pending, sent, failed, none"],
      ["?limit=0", "limit must be a whole number from 1 to 100"],
      ["?limit=101", "limit must be a whole number from 1 to 100"],
      ["?limit=ten", "limit must be a whole number from 1 to 100"],
      ["?cursor=bm90LWEtY3Vyc29y", "cursor is not one this API gave out"],
      ["?page=2", "Unknown query parameter: page"],
      ["?status=new&status=spam", "status must be one of: new, spam"],
    ];
    for (const [query, error] of cases) {
      const response = await adminRequest(app, {
        url: `${adminApiPaths.messages}${query}`,
        session,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
  });

  it("shows one message with every field, its e-mail delivery and the sender's tracked visit", async () => {
    const { app, session } = await start();
    const response = await adminRequest(app, { url: adminApiPaths.message(ids.sent), session });
    expect(response.statusCode).toBe(200);
    const detail = response.json() as MessageDetail;
    expect(detail).toEqual({
      id: ids.sent,
      receivedAt: new Date(base).toISOString(),
      name: "Ada Lovelace",
      email: "ada.lovelace@example.com",
      phone: null,
      businessName: "Ada Lovelace Markets",
      website: null,
      message: "We run a flea market\nof 120 booths.",
      status: "new",
      readAt: null,
      handledAt: null,
      userAgent: "Mozilla/5.0 (Test) Firefox/140.0",
      sessionId: expect.any(String),
      mail: {
        status: "sent",
        attempts: 1,
        lastAttemptAt: null,
        lastError: null,
        lastErrorKind: null,
        sentAt: new Date(base + 1_000).toISOString(),
        failedAt: null,
      },
      mailDeliveryOn: false,
      session: {
        visitedAt: new Date(base - minute).toISOString(),
        landingPath: "/pricing",
        source: "organic_search",
        referrerHost: "www.google.com",
        referrerUrl: "https://www.google.com/search?q=booth+software",
        utm: {
          source: "google",
          medium: "cpc",
          campaign: "spring-fairs",
          term: null,
          content: null,
        },
        isBot: false,
      },
      deliveries: [],
      spam: { score: 0, threshold: 5, reasons: [] },
    });
    expect(response.headers["cache-control"]).toBe("no-store");

    const failed = (
      await adminRequest(app, { url: adminApiPaths.message(ids.failed), session })
    ).json() as MessageDetail;
    expect(failed.mail).toMatchObject({
      status: "failed",
      attempts: 212,
      lastError: "535 5.7.8 Authentication credentials invalid",
      lastErrorKind: "connection",
      failedAt: new Date(base + 3 * minute).toISOString(),
    });
    expect(failed.session).toBeNull();
    const unmailed = (
      await adminRequest(app, { url: adminApiPaths.message(ids.unmailed), session })
    ).json() as MessageDetail;
    expect(unmailed.mail).toBeNull();
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const { app, session } = await start();
    const unknown = await adminRequest(app, { url: adminApiPaths.message(randomUUID()), session });
    expectAdminError(unknown, 404, "messageNotFound");
    for (const bad of ["not-a-uuid", "1", `${ids.sent}x`, "' or 1=1 --"]) {
      const response = await adminRequest(app, { url: adminApiPaths.message(bad), session });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ error: "id must be a UUID" });
    }
  });

  it("sends a failed e-mail again: back to pending, due now, and delivered to the SMTP server", async () => {
    const { app, session } = await start({
      ...adminEnv,
      ...smtp.mailEnv(),
    });
    app.outbox.start();
    const response = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.retryMail(ids.failed),
      session,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as MessageDetail;
    expect(detail.id).toBe(ids.failed);
    expect(detail.mailDeliveryOn).toBe(true);
    // The answer shows the row as the retry left it, or already claimed by the worker it woke.
    expect(detail.mail?.status).toMatch(/^(pending|sent)$/);
    expect(detail.mail?.failedAt).toBeNull();

    const delivered = await waitFor("the delivery", async () =>
      smtp.received.find((mail) => readMail(mail.raw).header("message-id").includes(ids.failed)),
    );
    expect(readMail(delivered.raw).header("subject")).toBe(
      "Contact form: Grace Hopper (Grace Hopper Markets)",
    );
    const after = await waitFor("the sent mark", async () => {
      const shown = (
        await adminRequest(app, { url: adminApiPaths.message(ids.failed), session })
      ).json() as MessageDetail;
      return shown.mail?.status === "sent" ? shown : undefined;
    });
    expect(after.mail).toMatchObject({ status: "sent", attempts: 1, failedAt: null });
    expect((await list(app, session)).failedMailCount).toBe(0);
  });

  it("puts the failed row back as pending, due now, with its attempts and its four days counted afresh", async () => {
    const { app, session } = await start({
      ...adminEnv,
      ...smtp.mailEnv(),
    });
    // The worker is not started: the row stays as the retry left it.
    const before = Date.now();
    const response = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.retryMail(ids.failed),
      session,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as MessageDetail).mail).toMatchObject({
      status: "pending",
      attempts: 0,
      failedAt: null,
      // The last error stays visible until a new attempt replaces it.
      lastError: "535 5.7.8 Authentication credentials invalid",
    });
    const row = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("subject_id", "=", ids.failed)
      .executeTakeFirstOrThrow();
    expect(Number(row.next_attempt_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before);
    expect(row.lease_owner).toBeNull();
    const listed = await list(app, session, "?mail=failed");
    expect(listed.messages).toEqual([]);
    expect(listed.failedMailCount).toBe(0);
  });

  it("refuses to resend what did not fail, an unknown message, or with mail delivery off", async () => {
    const mailOn = {
      ...adminEnv,
      ...smtp.mailEnv(),
    };
    const { app, session } = await start(mailOn);
    const retry = (id: string, on = app, token = session) =>
      adminRequest(on, { method: "POST", url: adminApiPaths.retryMail(id), session: token });
    for (const id of [ids.pending, ids.sent, ids.unmailed, ids.spam]) {
      expectAdminError(await retry(id), 409, "notFailed");
    }
    expect((await retry(randomUUID())).statusCode).toBe(404);
    expect((await retry("not-a-uuid")).statusCode).toBe(400);

    const off = await start();
    const refused = await retry(ids.failed, off.app, off.session);
    expectAdminError(refused, 409, "mailOff");

    // Nothing changed.
    const rows = await database.db
      .selectFrom("outbox")
      .select(["subject_id", "status", "attempts"])
      .execute();
    expect(rows.find((row) => row.subject_id === ids.failed)).toMatchObject({
      status: "failed",
      attempts: 212,
    });
    expect(rows.find((row) => row.subject_id === ids.pending)?.status).toBe("pending");
    expect(smtp.received).toHaveLength(0);
  });
});
