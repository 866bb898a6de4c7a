// The track-referrer function on both databases: the visit stored per session, its refusals, limits and failure.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { trackReferrerErrors, trackReferrerPath } from "../../contracts/track-referrer.ts";
import { freshAddress, type PostOptions, postJson } from "../test/app.ts";
import {
  describeStorageFailure,
  expectRefusal,
  itRefusesEachBadPayload,
} from "../test/functions.ts";
import { expectStrictCsp } from "../test/headers.ts";
import { describeEachDialect, storageOfEachTest } from "../test/storage.ts";

const sessionId = "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d";
const valid = {
  session_id: sessionId,
  referrer: "https://www.google.com/",
  page_url:
    "https://www.boothpilot.example/event-types/card-shows?utm_source=google&utm_medium=cpc&utm_campaign=cards&utm_term=card%20show&utm_content=v2&gclid=Cj0KCQ&ref=x",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36",
};
const browserHeaders = { "user-agent": valid.user_agent };
const urlError = (field: string) => `${field} must be an absolute http:// or https:// URL`;

describeEachDialect("track-referrer on %s", (it) => {
  const fresh = storageOfEachTest(it, "fresh");

  /** Posts as the site's script does, from the browser it names. */
  const post = (payload: unknown, options: Omit<PostOptions, "headers"> = {}) =>
    postJson(fresh.app, trackReferrerPath, payload, { ...options, headers: browserHeaders });

  const stored = () =>
    fresh.database.db.selectFrom("referrer_visits").selectAll().orderBy("created_at").execute();

  it("stores the visit with what it derives, before answering 200 {success: true}", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      session_id: sessionId,
      referrer_url: "https://www.google.com/",
      referrer_host: "www.google.com",
      source: "paid_search",
      landing_path: "/event-types/card-shows",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "cards",
      utm_term: "card show",
      utm_content: "v2",
      user_agent: valid.user_agent,
    });
    expect(Boolean(row.is_bot)).toBe(false);
    expect(Math.abs(new Date(row.created_at).getTime() - Date.now())).toBeLessThan(5_000);
    // Other query parameters are dropped.
    expect(JSON.stringify(row)).not.toMatch(/gclid|Cj0KCQ|ref=/);
  });

  it("answers with the JSON API security headers, never cached", async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expectStrictCsp(response.headers["content-security-policy"]);
    expect(response.headers["cache-control"]).toBe("no-store");
    const invalid = await post({ ...valid, session_id: "nope" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers["cache-control"]).toBe("no-store");
    expect(invalid.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("gives another origin no CORS permission when CORS_ORIGINS is empty", async () => {
    const preflight = await fresh.app.inject({
      method: "OPTIONS",
      url: trackReferrerPath,
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
    const call = await post(valid, {});
    expect(call.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("records a direct visit", async () => {
    // No referrer and no campaign tags: Direct (with the page's cpc tags it would be Paid Search).
    const page_url = "https://www.boothpilot.example/event-types/card-shows";
    expect((await post({ ...valid, referrer: "direct", page_url })).statusCode).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({ referrer_url: null, referrer_host: null, source: "direct" }),
    ]);
  });

  it("is idempotent per session_id: a repeat answers 200 and stores nothing new", async () => {
    expect((await post(valid)).statusCode).toBe(200);
    const repeat = await post({
      ...valid,
      session_id: sessionId.toUpperCase(),
      referrer: "https://chatgpt.com/",
    });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ success: true });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => post({ ...valid, referrer: "https://x.com/" })),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored()).toEqual([expect.objectContaining({ source: "paid_search" })]);
  });

  it("stores a known bot's visit marked as a bot", async () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await post({ ...valid, user_agent: googlebot })).statusCode).toBe(200);
    const [row] = await stored();
    expect(row?.user_agent).toBe(googlebot);
    expect(Boolean(row?.is_bot)).toBe(true);
  });

  it("drops a NUL hidden in a percent-encoded UTM value (PostgreSQL text cannot hold it)", async () => {
    const response = await post({ ...valid, page_url: "https://x.example/?utm_source=a%00b" });
    expect(response.statusCode).toBe(200);
    expect((await stored())[0]?.utm_source).toBe("ab");
  });

  const bad: [string, unknown, string][] = [
    ["missing session_id", { ...valid, session_id: undefined }, "session_id is required"],
    ["missing referrer", { ...valid, referrer: undefined }, "referrer is required"],
    ["missing page_url", { ...valid, page_url: undefined }, "page_url is required"],
    ["missing user_agent", { ...valid, user_agent: undefined }, "user_agent is required"],
    ["blank session_id", { ...valid, session_id: "  " }, "session_id is required"],
    ["blank referrer", { ...valid, referrer: "" }, "referrer is required"],
    [
      "bad UUID",
      { ...valid, session_id: "12345678-1234-1234-1234-1234567890" },
      "session_id must be a UUID",
    ],
    ["number as session_id", { ...valid, session_id: 42 }, "session_id must be a string"],
    ["object as referrer", { ...valid, referrer: { href: "x" } }, "referrer must be a string"],
    [
      "javascript: referrer",
      { ...valid, referrer: "javascript:alert(1)" },
      trackReferrerErrors.referrer,
    ],
    [
      "data: referrer",
      { ...valid, referrer: "data:text/html,<b>x</b>" },
      trackReferrerErrors.referrer,
    ],
    ["relative referrer", { ...valid, referrer: "/pricing" }, trackReferrerErrors.referrer],
    ["javascript: page_url", { ...valid, page_url: "javascript:alert(1)" }, urlError("page_url")],
    ["data: page_url", { ...valid, page_url: "data:text/html,x" }, urlError("page_url")],
    ["relative page_url", { ...valid, page_url: "/pricing" }, urlError("page_url")],
    [
      "over-long referrer",
      { ...valid, referrer: `https://a.example/${"r".repeat(2000)}` },
      "referrer must be at most 2000 characters",
    ],
    [
      "over-long page_url",
      { ...valid, page_url: `https://a.example/${"p".repeat(2000)}` },
      "page_url must be at most 2000 characters",
    ],
    [
      "over-long user_agent",
      { ...valid, user_agent: "u".repeat(513) },
      "user_agent must be at most 512 characters",
    ],
    [
      "CR/LF in user_agent",
      { ...valid, user_agent: "Mozilla\r\nSet-Cookie: x=1" },
      "user_agent must be a single line (no line breaks or control characters)",
    ],
    ["unknown key", { ...valid, ip: "1.2.3.4" }, "Unknown field: ip"],
    ["array body", [valid], "Request body must be a JSON object"],
    ["malformed JSON", `{"session_id": "${sessionId}"`, "Request body is not valid JSON"],
    ["empty body", "", "Request body is empty"],
    [
      "__proto__ key",
      `{"session_id":"${sessionId}","__proto__":{"polluted":true}}`,
      "Request body must not contain __proto__ or constructor.prototype keys",
    ],
  ];

  itRefusesEachBadPayload(it, bad, post, stored);

  it("answers 413 above 32 KiB and 415 for another content type, storing nothing", async () => {
    const large = await post({ ...valid, user_agent: "u".repeat(33 * 1024) });
    expectRefusal(large, 413, "Request body must be at most 32 KiB");
    const plain = await post(JSON.stringify(valid), { contentType: "text/plain" });
    expectRefusal(plain, 415, "Content-Type must be application/json");
    expect(await stored()).toHaveLength(0);
  });

  it("answers 429 with Retry-After above 60 calls a minute from one address", async () => {
    const address = freshAddress();
    for (let n = 0; n < 60; n++) {
      const id = `0b7c2a6e-3f4d-4a5b-8c9d-${String(n).padStart(12, "0")}`;
      expect((await post({ ...valid, session_id: id }, { address })).statusCode).toBe(200);
    }
    const limited = await post(
      { ...valid, session_id: "0b7c2a6e-3f4d-4a5b-8c9d-999999999999" },
      { address },
    );
    expectRefusal(limited, 429, "Too many requests: please try again later");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await stored()).toHaveLength(60);
  });
});

describeStorageFailure(
  "track-referrer",
  trackReferrerPath,
  () => valid,
  "Failed to track referrer",
);

describeEachDialect("RATE_LIMIT=off on %s", (it) => {
  it.override("env", { RATE_LIMIT: "off" });
  it("turns the per-address limits off", async ({ app }) => {
    const address = freshAddress();
    const statuses = new Set<number>();
    for (let n = 0; n < 70; n++) {
      const response = await postJson(
        app,
        trackReferrerPath,
        { ...valid, session_id: `0b7c2a6e-3f4d-4a5b-8c9d-${String(n).padStart(12, "0")}` },
        { address },
      );
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describeEachDialect("track-referrer's audience on %s", (it) => {
  it.override("env", { TRUST_PROXY: "127.0.0.1" });

  /** Posts a visit from a client behind the trusted proxy, with a browser's user agent. */
  const visitFrom = async (app: FastifyInstance, client: string, userAgent: string) => {
    const session = crypto.randomUUID();
    const response = await postJson(
      app,
      trackReferrerPath,
      { ...valid, session_id: session, user_agent: userAgent },
      { address: "127.0.0.1", headers: { "user-agent": userAgent, "x-forwarded-for": client } },
    );
    expect(response.statusCode).toBe(200);
    return session;
  };

  it("stores device class, browser, OS and country, never the address", async ({
    freshDb,
    freshApp,
  }) => {
    const iphone =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
    const windows =
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    const cases = [
      { client: "8.8.8.8", agent: windows, expected: ["desktop", "Chrome", "Windows", "US"] },
      { client: "193.0.6.139", agent: iphone, expected: ["mobile", "Safari", "iOS", "NL"] },
      { client: "10.1.2.3", agent: windows, expected: ["desktop", "Chrome", "Windows", ""] },
    ];
    for (const { client, agent, expected } of cases) {
      const session = await visitFrom(freshApp, client, agent);
      const row = await freshDb.db
        .selectFrom("referrer_visits")
        .selectAll()
        .where("session_id", "=", session)
        .executeTakeFirstOrThrow();
      expect([row.device, row.browser, row.os, row.country], client).toEqual(expected);
      expect(JSON.stringify(row)).not.toContain(client);
    }
  });
});
