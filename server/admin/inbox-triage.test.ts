// The team's work on the inbox, on both databases through the real app: read and unread (and the unread count),
// handled, spam (its unsent e-mail cancelled) and not spam (its e-mail queued once, delivered once to a real SMTP
// server), each moving the message out of or into the conversion figures, erasure, search over every field whatever
// its case and accents, the filters, pages of 50 at their boundaries, and the CSV of a view.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import {
  type AnalyticsBreakdown,
  adminApiPaths,
  type InboxPage,
  type MessageDetail,
} from "../../contracts/admin-api.ts";
import type { AppDatabase } from "../db/database.ts";
import type { NewContactMessage } from "../db/repositories/contact-messages/index.ts";
import { adminEnv, adminRequest, signedIn } from "../test/admin.ts";
import { recordVisit, storeMessage } from "../test/factories.ts";
import type { TestSmtp } from "../test/smtp.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const minute = 60_000;

describe.each(dialects)("inbox triage on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let smtp: TestSmtp;
  let app: FastifyInstance;
  let session: string;
  const base = Date.now() - 600 * minute;

  /** Stores a message received at `at`. */
  const store = (at: number, fields: Partial<NewContactMessage>, queueMail = false) =>
    storeMessage(database, fields, { at, queueMail });

  const get = async <T>(url: string): Promise<T> => {
    const response = await adminRequest(app, { url, session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const list = (query = "") => get<InboxPage>(`${adminApiPaths.messages}${query}`);
  const act = (id: string, action: Parameters<typeof adminApiPaths.messageAction>[1]) =>
    adminRequest(app, { method: "POST", url: adminApiPaths.messageAction(id, action), session });
  const outbox = (id: string) =>
    database.db.selectFrom("outbox").selectAll().where("subject_id", "=", id).execute();

  it.beforeEach(async ({ freshDb, smtp: server, apps }) => {
    database = freshDb;
    smtp = server;
    app = await apps.startAdmin(
      { ...adminEnv, ...smtp.mailEnv() },
      { testing: { outbox: { pollIntervalMs: 10 } } },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    session = await signedIn(app);
  });

  it("marks a message read when opened, unread again, and counts the unread", async () => {
    const first = await store(base, { name: "Ada Lovelace" });
    await store(base + minute, { name: "Grace Hopper" });
    await store(base + 2 * minute, { name: "Spam Bot", status: "spam" });
    expect((await list()).unreadCount).toBe(2);

    const opened = (await act(first, "read")).json() as MessageDetail;
    expect(opened.readAt).toEqual(expect.any(String));
    const page = await list();
    expect(page.unreadCount).toBe(1);
    expect(page.messages.find((m) => m.id === first)).toMatchObject({ read: true, handled: false });
    // Opening it again keeps the first time it was read.
    const again = (await act(first, "read")).json() as MessageDetail;
    expect(again.readAt).toBe(opened.readAt);

    expect((await act(first, "unread")).statusCode).toBe(200);
    expect((await list()).unreadCount).toBe(2);
    expect((await list("?state=unread")).messages.map((m) => m.name).sort()).toEqual([
      "Ada Lovelace",
      "Grace Hopper",
      "Spam Bot",
    ]);
  });

  it("marks handled (which reads it) and filters by state", async () => {
    const done = await store(base, { name: "Ada Lovelace" });
    const open = await store(base + minute, { name: "Grace Hopper" });
    await store(base + 2 * minute, { name: "Alan Turing" });
    expect((await act(done, "handled")).json()).toMatchObject({
      handledAt: expect.any(String),
      readAt: expect.any(String),
    });
    await act(open, "read");
    const names = async (state: string) =>
      (await list(`?state=${state}`)).messages.map((m) => m.name);
    expect(await names("handled")).toEqual(["Ada Lovelace"]);
    expect(await names("read")).toEqual(["Grace Hopper"]);
    expect(await names("unread")).toEqual(["Alan Turing"]);
    await act(done, "unhandled");
    expect(await names("handled")).toEqual([]);
  });

  it("spam cancels an unsent e-mail; not spam queues it once and it is delivered once", async () => {
    const pending = await store(base, { name: "Ada Lovelace" });
    // Queued but not due for a year, from the start: only the actions decide its fate. (Queued due at once and
    // postponed after, the mail worker could send it in between.)
    await database.db
      .insertInto("outbox")
      .values({
        id: randomUUID(),
        kind: "contact-mail",
        key: `contact-mail:${pending}`,
        subject_id: pending,
        created_at: new Date(base).toISOString(),
        next_attempt_at: Date.now() + 365 * 24 * 60 * minute,
      })
      .execute();
    expect((await act(pending, "spam")).json()).toMatchObject({ status: "spam", mail: null });
    expect((await outbox(pending)).map((row) => row.status)).toEqual(["cancelled"]);

    const caught = await store(base + minute, { name: "Caught Maybe", status: "spam" });
    expect(await outbox(caught)).toEqual([]);
    for (let n = 0; n < 3; n++) expect((await act(caught, "not-spam")).statusCode).toBe(200);
    await waitFor("the delivery", () => smtp.received.length >= 1);
    await waitFor("the sent mark", async () => (await outbox(caught))[0]?.status === "sent");
    expect(await outbox(caught)).toHaveLength(1);
    expect((await act(caught, "not-spam")).json()).toMatchObject({ status: "new" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messageIds()).toEqual([`<contact.${caught}@boothpilot.example>`]);
  });

  it("spam takes a message out of the conversion figures, not spam puts it back", async () => {
    const sessionId = await recordVisit(
      database,
      {
        referrer_url: "https://www.linkedin.com/",
        referrer_host: "www.linkedin.com",
        source: "organic_social",
        landing_path: "/pricing",
        utm_campaign: "spring",
      },
      { at: base },
    );
    const tracked = await store(base + minute, { name: "Ada Lovelace", session_id: sessionId });
    const caught = await store(base + 2 * minute, { name: "Caught Maybe", status: "spam" });
    /** What the console shows: total messages, the social row's, the campaign's, and the hour's. */
    const figures = async () => {
      const week = await get<AnalyticsBreakdown>(`${adminApiPaths.analyticsBreakdown}?range=7d`);
      const landing = await get<AnalyticsBreakdown>(
        `${adminApiPaths.analyticsBreakdown}?range=7d&landing=%2Fpricing`,
      );
      const hours = await app.repositories.referrerAnalytics.perHour(
        // Whole hours either side: the rollups' hours are UTC hours, and base may fall just before one begins.
        { since: base - 24 * 60 * minute, until: Date.now() + 60 * minute },
        {},
      );
      return {
        total: week.totals.messages,
        social: week.panels.source.find((row) => row.value === "organic_social")?.messages ?? 0,
        untracked: week.panels.source.find((row) => row.value === "untracked")?.messages ?? 0,
        pricing: landing.totals.messages,
        hour: [...hours.values()].reduce((sum, counts) => sum + counts.messages, 0),
      };
    };
    expect(await figures()).toEqual({ total: 1, social: 1, untracked: 0, pricing: 1, hour: 1 });
    await act(tracked, "spam");
    expect(await figures()).toEqual({ total: 0, social: 0, untracked: 0, pricing: 0, hour: 0 });
    // Marking it again changes nothing.
    await act(tracked, "spam");
    expect(await figures()).toEqual({ total: 0, social: 0, untracked: 0, pricing: 0, hour: 0 });
    await act(tracked, "not-spam");
    await act(caught, "not-spam");
    await act(caught, "not-spam");
    expect(await figures()).toEqual({ total: 2, social: 1, untracked: 1, pricing: 1, hour: 2 });
  });

  it("erases a message, its outbox row and its link to the visit, and logs no content", async () => {
    const sessionId = await recordVisit(database, { landing_path: "/pricing" }, { at: base });
    const id = await store(
      base,
      { name: "Erase Me", message: "Please forget everything about me", session_id: sessionId },
      true,
    );
    const lines: string[] = [];
    const logged = app.log;
    const write = logged.info.bind(logged);
    logged.info = ((...args: unknown[]) => {
      lines.push(JSON.stringify(args));
      return (write as (...a: unknown[]) => void)(...args);
    }) as typeof logged.info;

    const erased = await adminRequest(app, {
      method: "DELETE",
      url: adminApiPaths.message(id),
      session,
    });
    expect(erased.statusCode).toBe(204);
    expect((await adminRequest(app, { url: adminApiPaths.message(id), session })).statusCode).toBe(
      404,
    );
    expect(await outbox(id)).toEqual([]);
    const linked = await database.db
      .selectFrom("contact_messages")
      .select("id")
      .where("session_id", "=", sessionId)
      .execute();
    expect(linked).toEqual([]);
    const again = await adminRequest(app, {
      method: "DELETE",
      url: adminApiPaths.message(id),
      session,
    });
    expect(again.statusCode).toBe(404);
    expect(lines.join("\n")).not.toMatch(/Please forget|Erase Me|erase\.me@example\.com/);
  });

  it("finds a word in the name, e-mail, business or message, whatever its case", async () => {
    await store(base, { name: "Ada Lovelace", message: "We run a FLEA market" });
    await store(base + minute, { name: "Grace Hopper", email: "grace@Navy-Fairs.example" });
    await store(base + 2 * minute, { name: "Alan Turing", business_name: "Bletchley Card Shows" });
    await store(base + 3 * minute, { name: "Edsger Dijkstra", message: "100% sure, under_score" });
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).messages.map((m) => m.name);
    expect(await found("lovelace")).toEqual(["Ada Lovelace"]);
    expect(await found("flea")).toEqual(["Ada Lovelace"]);
    expect(await found("navy-fairs")).toEqual(["Grace Hopper"]);
    expect(await found("CARD SHOWS")).toEqual(["Alan Turing"]);
    // LIKE's own characters are searched for as they are.
    expect(await found("100%")).toEqual(["Edsger Dijkstra"]);
    expect(await found("u_d")).toEqual([]);
    expect(await found("r_s")).toEqual(["Edsger Dijkstra"]);
    expect(await found("nobody")).toEqual([]);
  });

  it("finds a name whatever its accents and case, and without its accents when searched with them", async () => {
    await store(base, { name: "José Álvarez", message: "Une brocante\n\nÀ LYON" });
    await store(base + minute, { name: "Maria Alvarez" });
    const found = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).messages.map((m) => m.name);
    for (const q of ["alvarez", "Alvarez", "ÁLVAREZ", "álvarez"])
      expect(await found(q), q).toEqual(["Maria Alvarez", "José Álvarez"]);
    expect(await found("jose")).toEqual(["José Álvarez"]);
    expect(await found("JOSÉ")).toEqual(["José Álvarez"]);
    // White space counts as one space, as the inbox's excerpt shows it.
    expect(await found("brocante a lyon")).toEqual(["José Álvarez"]);
    expect(await found("álvaro")).toEqual([]);
  });

  it("filters by the source and landing page of the sender's visit", async () => {
    const visit = (source: "organic_search" | "organic_social", landing: string, at: number) =>
      recordVisit(
        database,
        {
          referrer_url: "https://www.google.com/",
          referrer_host: "www.google.com",
          source,
          landing_path: landing,
        },
        { at },
      );
    await store(base, {
      name: "From Search",
      session_id: await visit("organic_search", "/pricing", base),
    });
    await store(base + minute, {
      name: "From Social",
      session_id: await visit("organic_social", "/", base),
    });
    await store(base + 2 * minute, { name: "Untracked" });
    expect((await list("?source=organic_search")).messages.map((m) => m.name)).toEqual([
      "From Search",
    ]);
    expect((await list("?landing=%2F")).messages.map((m) => m.name)).toEqual(["From Social"]);
    const bad = await adminRequest(app, {
      url: `${adminApiPaths.messages}?landing=pricing`,
      session,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "landing must be a path starting with /, at most 200 characters",
    });
  });

  it("pages 50 at a time: exactly 50 is one page, 51 is two", async () => {
    for (let n = 0; n < 50; n++) await store(base + n * 1_000, { name: `Sender ${n}` });
    const one = await list();
    expect(one.messages).toHaveLength(50);
    expect(one.nextCursor).toBeNull();
    await store(base + 50 * 1_000, { name: "Sender 50" });
    const first = await list();
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]?.name).toBe("Sender 50");
    const second = await list(`?cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    expect(second.messages.map((m) => m.name)).toEqual(["Sender 0"]);
    expect(second.nextCursor).toBeNull();
  });

  it("downloads the current view as CSV, quoted, with the formula guard", async () => {
    await store(base, {
      name: '=HYPERLINK("http://evil.example")',
      message: 'Line one,\nline "two"',
    });
    await store(base + minute, { name: "Grace Hopper", message: "Not in the view" });
    const response = await adminRequest(app, {
      url: `${adminApiPaths.messagesCsv}?q=${encodeURIComponent("line one")}`,
      session,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="boothpilot-inbox-/,
    );
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFFReceived (UTC),Name,E-mail,")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(lines[1]).toContain(`,"Line one,\nline ""two""",no,no,no,none,,,`);
    const unsigned = await app.inject({ url: adminApiPaths.messagesCsv });
    expect(unsigned.statusCode).toBe(401);
  });
});
