// The console's live stream on both databases, read by a real SSE client over a real port: who may open it, a new
// message sent through the public contact function, its e-mail's state as the outbox worker records it, "visitors
// now", the stream's end when its session ends or the server stops, and the cap on streams per session.
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import type { AppOptions } from "../app.ts";
import type { AppDatabase } from "../db/database.ts";
import { referrerVisitsRepository } from "../db/repositories/referrer-visits.ts";
import {
  adminEnv,
  adminRequest,
  expectAdminError,
  sessionCookieOf,
  signedIn,
} from "../test/admin.ts";
import { postJson } from "../test/app.ts";
import { type EventStreamReader, openEventStream } from "../test/event-stream.ts";
import { contactFormPost } from "../test/factories.ts";
import { type AppLauncher, dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const contact = contactFormPost();

const minute = 60_000;

describe.each(dialects)("the console's live stream on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let apps: AppLauncher;
  const streams: EventStreamReader[] = [];

  /** The app listening on a free port, as main.ts runs it; heartbeats shortened to 200 ms. */
  const start = async (
    env: Record<string, string> = adminEnv,
    options: Partial<AppOptions> = {},
  ) => {
    const app = await apps.startAdmin(env, {
      ...options,
      testing: { consoleEvents: { heartbeatMs: 200 }, ...options.testing },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    return { app, origin: `http://127.0.0.1:${address.port}` };
  };
  const open = async (app: FastifyInstance, origin: string, token?: string) => {
    const stream = await openEventStream(
      `${origin}${adminApiPaths.events}`,
      token ? { cookie: `${app.adminAuth.cookie.name}=${token}` } : {},
    );
    streams.push(stream);
    return stream;
  };
  const sendContact = async (app: FastifyInstance, message = contact) => {
    const response = await postJson(app, contactFormPath, message);
    expect(response.statusCode).toBe(200);
    const row = await database.db
      .selectFrom("contact_messages")
      .select("id")
      .where("message", "=", message.message)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  it.beforeEach(({ freshDb, apps: launcher }) => {
    database = freshDb;
    apps = launcher;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it("is refused without a valid session: 401 JSON, no stream", async () => {
    const { app, origin } = await start();
    for (const token of [undefined, "A".repeat(43)]) {
      const stream = await open(app, origin, token);
      expect(stream.status).toBe(401);
      expect(stream.headers.get("content-type")).toMatch(/^application\/json/);
      const answer = await fetch(`${origin}${adminApiPaths.events}`);
      expectAdminError(
        { statusCode: answer.status, body: await answer.text() },
        401,
        "signInRequired",
      );
    }
  });

  it("opens for a session: an uncached event stream starting with the visitors of the last 5 minutes", async () => {
    const { app, origin } = await start();
    // Stored through the visits repository as track-referrer stores them, at times its clock gives.
    const recordAt = async (agoMs: number, sessionId: string, bot = false) => {
      const visits = referrerVisitsRepository(database, () => Date.now() - agoMs);
      const noUtm = { utm_source: null, utm_medium: null, utm_campaign: null };
      await visits.record({
        ...{ ...noUtm, utm_term: null, utm_content: null, referrer_url: null, referrer_host: null },
        session_id: sessionId,
        source: "direct",
        landing_path: "/",
        user_agent: bot ? "Googlebot/2.1" : "Mozilla/5.0",
        is_bot: bot,
      });
    };
    await recordAt(1 * minute, "00000000-0000-4000-8000-000000000001");
    await recordAt(4 * minute, "00000000-0000-4000-8000-000000000002");
    // Too old, and a bot: not counted.
    await recordAt(6 * minute, "00000000-0000-4000-8000-000000000003");
    await recordAt(1 * minute, "00000000-0000-4000-8000-000000000004", true);
    const stream = await open(app, origin, await signedIn(app));
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-store");
    const first = await stream.next((event) => event.event === "visitors");
    expect(JSON.parse(first.data)).toEqual({ visitorsNow: 2 });
  });

  it("tells of a message sent through the public contact function", async () => {
    const { app, origin } = await start();
    const stream = await open(app, origin, await signedIn(app));
    await stream.next((event) => event.event === "visitors");
    const id = await sendContact(app);
    const event = await stream.next((candidate) => candidate.event === "message");
    expect(JSON.parse(event.data)).toEqual({ id, change: "created" });
  });

  it("tells of a message's e-mail state as the outbox worker records it", async ({ smtp }) => {
    const { app, origin } = await start({ ...adminEnv, ...smtp.mailEnv() });
    const token = await signedIn(app);
    const stream = await open(app, origin, token);
    const id = await sendContact(app);
    const changed = await stream.next(
      (event) => event.event === "message" && JSON.parse(event.data).change === "changed",
    );
    expect(JSON.parse(changed.data)).toEqual({ id, change: "changed" });
    // What the console loads on that event shows the e-mail sent.
    const detail = await adminRequest(app, { url: adminApiPaths.message(id), session: token });
    expect(detail.json()).toMatchObject({ id, mail: { status: "sent" } });
  });

  it("sends a heartbeat comment on every beat, and ends when its session ends", async () => {
    const { app, origin } = await start();
    const stream = await open(app, origin, await signedIn(app));
    await stream.next((event) => event.event === "visitors");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.comments.filter((comment) => comment === "heartbeat").length).toBeGreaterThan(0);
    // Ended elsewhere (signed out on another instance): this one sees it on its next beat.
    await database.db.deleteFrom("admin_sessions").execute();
    await expect(
      Promise.race([
        stream.ended.then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still open"), 2_000)),
      ]),
    ).resolves.toBe("ended");
    expect(app.consoleEvents.openStreams).toBe(0);
  });

  it("ends at once on sign-out and on refresh, without waiting for a heartbeat", async () => {
    // The production heartbeat (25 s): an end within a second is not the beat's.
    const { app, origin } = await start(adminEnv, { testing: { consoleEvents: {} } });
    const endedWithin = (stream: EventStreamReader, ms: number) =>
      Promise.race([
        stream.ended.then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still open"), ms)),
      ]);
    const token = await signedIn(app);
    const refreshedStream = await open(app, origin, token);
    await refreshedStream.next((event) => event.event === "visitors");
    const refresh = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.sessionRefresh,
      session: token,
    });
    expect(refresh.statusCode).toBe(200);
    await expect(endedWithin(refreshedStream, 1_000)).resolves.toBe("ended");

    const next = sessionCookieOf(refresh)?.token ?? "";
    const signedOutStream = await open(app, origin, next);
    await signedOutStream.next((event) => event.event === "visitors");
    await adminRequest(app, { method: "DELETE", url: adminApiPaths.session, session: next });
    await expect(endedWithin(signedOutStream, 1_000)).resolves.toBe("ended");
  });

  it("opens at most 4 streams for one session: 429 for the rest, room again once some close", async () => {
    const { app, origin } = await start();
    const token = await signedIn(app);
    const streams = await Promise.all(Array.from({ length: 10 }, () => open(app, origin, token)));
    const statuses = streams.map((stream) => stream.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = streams.find((stream) => stream.status === 429);
    expect(refused?.headers.get("retry-after")).toBe("5");
    expect(app.consoleEvents.openStreams).toBe(4);
    // The clients go: the hub forgets their streams, and new ones open.
    for (const stream of streams) stream.close();
    await waitFor("the closed streams forgotten", () => app.consoleEvents.openStreams === 0);
    expect((await open(app, origin, token)).status).toBe(200);
  });

  it("is ended when the server stops, without holding the stop", async () => {
    const { app, origin } = await start();
    const stream = await open(app, origin, await signedIn(app));
    await stream.next((event) => event.event === "visitors");
    const stopping = Date.now();
    await app.close();
    await stream.ended;
    expect(Date.now() - stopping).toBeLessThan(2_000);
  });
});
