// The track-event function on both databases: events stored once per id, bots marked, refusals, limits, failure.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { eventNames, trackEventErrors, trackEventPath } from "../../contracts/track-event.ts";
import { freshAddress, type PostOptions } from "../test/app.ts";
import { describeStorageFailure, expectRefusal, postAsBrowser } from "../test/functions.ts";
import { describeEachDialect, storageOfEachTest } from "../test/storage.ts";

/** An event as the site's script sends it, in a session of its own (so each test counts only its rows). */
const event = (overrides: Record<string, unknown> = {}) => ({
  event_id: randomUUID(),
  session_id: randomUUID(),
  name: "pageview",
  path: "/pricing?utm_source=newsletter",
  ...overrides,
});

describeEachDialect("track-event on %s", (it) => {
  const shared = storageOfEachTest(it, "shared");

  const post = (payload: unknown, options?: PostOptions) =>
    postAsBrowser(shared.app, trackEventPath, payload, options);

  const storedFor = (sessionId: string) =>
    shared.database.db
      .selectFrom("site_events")
      .selectAll()
      .where("session_id", "=", sessionId)
      .execute();

  it.each(eventNames)("appends a %s event before answering 200 {success: true}", async (name) => {
    const sent = event({ name });
    const response = await post(sent);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await storedFor(sent.session_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_id: sent.event_id, name, path: sent.path });
    expect(Boolean(rows[0]!.is_bot)).toBe(false);
    expect(Math.abs(new Date(rows[0]!.created_at).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("is idempotent per event_id: a repeat answers 200 and stores nothing new", async () => {
    const sent = event();
    expect((await post(sent)).statusCode).toBe(200);
    const again = await post(sent);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true });
    expect(await storedFor(sent.session_id)).toHaveLength(1);
    // A second event of the same session is its own row.
    expect((await post({ ...event(), session_id: sent.session_id })).statusCode).toBe(200);
    expect(await storedFor(sent.session_id)).toHaveLength(2);
  });

  it("marks a known bot's event as a bot's", async () => {
    const sent = event();
    const response = await post(sent, {
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(response.statusCode).toBe(200);
    const rows = await storedFor(sent.session_id);
    expect(rows.map((row) => Boolean(row.is_bot))).toEqual([true]);
  });

  it("stores nothing for a browser that sends Global Privacy Control, and answers 200", async () => {
    const sent = event({ name: "sign_up" });
    const response = await post(sent, { headers: { "sec-gpc": "1" } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await storedFor(sent.session_id)).toHaveLength(0);
  });

  const bad: [string, (sent: ReturnType<typeof event>) => unknown, string][] = [
    ["missing event_id", ({ event_id: _id, ...rest }) => rest, "event_id is required"],
    ["bad event_id", (sent) => ({ ...sent, event_id: "nope" }), "event_id must be a UUID"],
    ["missing name", ({ name: _name, ...rest }) => rest, trackEventErrors.name],
    ["unknown name", (sent) => ({ ...sent, name: "purchase" }), trackEventErrors.name],
    [
      "absolute URL as path",
      (sent) => ({ ...sent, path: "https://evil.example/" }),
      trackEventErrors.path,
    ],
    [
      "protocol-relative path",
      (sent) => ({ ...sent, path: "//evil.example/" }),
      trackEventErrors.path,
    ],
    [
      "over-long path",
      (sent) => ({ ...sent, path: `/${"p".repeat(2000)}` }),
      "path must be at most 2000 characters",
    ],
    ["unknown key", (sent) => ({ ...sent, ip: "1.2.3.4" }), "Unknown field: ip"],
    ["array body", (sent) => [sent], "Request body must be a JSON object"],
    [
      "malformed JSON",
      (sent) => `{"session_id": "${sent.session_id}"`,
      "Request body is not valid JSON",
    ],
    [
      "__proto__ key",
      (sent) => `{"session_id":"${sent.session_id}","__proto__":{"polluted":true}}`,
      "Request body must not contain __proto__ or constructor.prototype keys",
    ],
  ];

  it.each(bad)(
    "answers 400 naming what is wrong and stores nothing for %s",
    async (_case, make, error) => {
      const sent = event();
      expectRefusal(await post(make(sent)), 400, error);
      expect(await storedFor(sent.session_id)).toHaveLength(0);
    },
  );

  it("answers 413 above 32 KiB, 415 for another content type and 405 for GET, storing nothing", async () => {
    const sent = event();
    const large = await post({ ...sent, path: `/${"p".repeat(33 * 1024)}` });
    expectRefusal(large, 413, "Request body must be at most 32 KiB");
    const plain = await post(JSON.stringify(sent), { contentType: "text/plain" });
    expectRefusal(plain, 415, "Content-Type must be application/json");
    const get = await shared.app.inject({ method: "GET", url: trackEventPath });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST, OPTIONS");
    expect(await storedFor(sent.session_id)).toHaveLength(0);
  });

  it("answers 429 with Retry-After above 120 events a minute from one address", async () => {
    const address = freshAddress();
    const session_id = randomUUID();
    for (let n = 0; n < 120; n++) {
      expect((await post(event({ session_id }), { address })).statusCode).toBe(200);
    }
    const limited = await post(event({ session_id }), { address });
    expectRefusal(limited, 429, "Too many requests: please try again later");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await storedFor(session_id)).toHaveLength(120);
  });
});

describeStorageFailure("track-event", trackEventPath, event, trackEventErrors.failed);
