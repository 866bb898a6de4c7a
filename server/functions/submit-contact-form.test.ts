// The contact form function on both databases: what it stores, what it refuses, its limits and storage failure.
import { afterEach, describe, expect, vi } from "vitest";
import { honeypotFieldName } from "../../contracts/contact-fields.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { freshAddress, type PostOptions, postJson } from "../test/app.ts";
import { contactFormPost } from "../test/factories.ts";
import {
  describeStorageFailure,
  expectRefusal,
  itRefusesEachBadPayload,
  postAsBrowser,
} from "../test/functions.ts";
import { describeEachDialect, storageOfEachTest } from "../test/storage.ts";

const valid = contactFormPost();

const urlError = "website must be an absolute http:// or https:// URL";

describeEachDialect("submit-contact-form on %s", (it) => {
  const fresh = storageOfEachTest(it, "fresh");

  /** Posts as a visitor's browser does. */
  const post = (payload: unknown, options?: PostOptions) =>
    postAsBrowser(fresh.app, contactFormPath, payload, options);

  const stored = () =>
    fresh.database.db.selectFrom("contact_messages").selectAll().orderBy("created_at").execute();

  it("stores a valid message, committed before it answers 200 {success: true}", async () => {
    const before = Date.now();
    const response = await post(valid, { address: "203.0.113.7" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      ...valid,
      session_id: null,
      user_agent: "Mozilla/5.0 (Test) Firefox/140.0",
      status: "new",
    });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    const createdAt = new Date(row.created_at).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(before - 5);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
    // The client address is stored only as a salted hash.
    expect(row.client_hash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(row)).not.toContain("203.0.113.7");
  });

  it("keeps hostile text verbatim (it is data, escaped where shown)", async () => {
    const hostile = {
      ...valid,
      name: `<img src=x onerror=alert(1)> "Robert'); DROP TABLE contact_messages;--`,
      // A template placeholder, a mustache, a right-to-left override: text, not code.
      message: `<script>alert('x')</script>\n$\{process.env}\n{{constructor}} ☃ 👍 \u202e`,
    };
    expect((await post(hostile)).statusCode).toBe(200);
    expect(await stored()).toEqual([expect.objectContaining(hostile)]);
  });

  it("trims fields and stores absent, null or blank optional fields as null", async () => {
    const response = await post({
      name: "  Ada  ",
      email: " ada@example.com ",
      message: "  Hi  ",
      phone: "",
      business_name: null,
    });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({
        name: "Ada",
        email: "ada@example.com",
        message: "Hi",
        phone: null,
        business_name: null,
        website: null,
      }),
    ]);
  });

  it("accepts every field at its length limit", async () => {
    const atLimits = {
      name: "n".repeat(200),
      email: `${"e".repeat(242)}@example.com`,
      phone: "1".repeat(50),
      business_name: "b".repeat(200),
      website: `https://x.example/${"w".repeat(2000 - 18)}`,
      message: "m".repeat(5000),
    };
    expect((await post(atLimits)).statusCode).toBe(200);
    expect(await stored()).toEqual([expect.objectContaining(atLimits)]);
  });

  it("attributes the message to the visitor's tracked session", async () => {
    const sessionId = "0B7C2A6E-3F4D-4A5B-8C9D-1E2F3A4B5C6D";
    expect((await post({ ...valid, session_id: sessionId })).statusCode).toBe(200);
    expect((await stored())[0]?.session_id).toBe(sessionId.toLowerCase());
  });

  const bad: [string, unknown, string][] = [
    ["missing name", { ...valid, name: undefined }, "name is required"],
    ["missing email", { ...valid, email: undefined }, "email is required"],
    ["missing message", { ...valid, message: undefined }, "message is required"],
    ["blank name", { ...valid, name: "   " }, "name is required"],
    ["blank email", { ...valid, email: "" }, "email is required"],
    ["blank message", { ...valid, message: "\n \t\n" }, "message is required"],
    ["over-long name", { ...valid, name: "n".repeat(201) }, "name must be at most 200 characters"],
    [
      "over-long email",
      { ...valid, email: `${"e".repeat(243)}@example.com` },
      "email must be at most 254 characters",
    ],
    ["over-long phone", { ...valid, phone: "1".repeat(51) }, "phone must be at most 50 characters"],
    [
      "over-long business_name",
      { ...valid, business_name: "b".repeat(201) },
      "business_name must be at most 200 characters",
    ],
    [
      "over-long website",
      { ...valid, website: `https://x.example/${"w".repeat(2000 - 17)}` },
      "website must be at most 2000 characters",
    ],
    [
      "over-long message",
      { ...valid, message: "m".repeat(5001) },
      "message must be at most 5000 characters",
    ],
    ["number as name", { ...valid, name: 42 }, "name must be a string"],
    ["boolean as email", { ...valid, email: true }, "email must be a string"],
    ["array as message", { ...valid, message: ["hi"] }, "message must be a string"],
    [
      "object as website",
      { ...valid, website: { href: "https://x.example" } },
      "website must be a string",
    ],
    ["unknown key", { ...valid, businessName: "camelCase" }, "Unknown field: businessName"],
    ["unknown keys", { ...valid, admin: true, status: "read" }, "Unknown fields: admin, status"],
    ["array body", [valid], "Request body must be a JSON object"],
    ["string body", '"hello"', "Request body must be a JSON object"],
    ["null body", "null", "Request body must be a JSON object"],
    ["malformed JSON", '{"name": "Ada", ', "Request body is not valid JSON"],
    ["empty body", "", "Request body is empty"],
    [
      "__proto__ key",
      `{"name":"Ada","email":"ada@example.com","message":"Hi","__proto__":{"isAdmin":true}}`,
      "Request body must not contain __proto__ or constructor.prototype keys",
    ],
    [
      "constructor.prototype key",
      `{"name":"Ada","email":"ada@example.com","message":"Hi","constructor":{"prototype":{"x":1}}}`,
      "Request body must not contain __proto__ or constructor.prototype keys",
    ],
    [
      "CR/LF in name",
      { ...valid, name: "Ada\r\nBcc: everyone@example.com" },
      "name must be a single line (no line breaks or control characters)",
    ],
    [
      "LF in email",
      { ...valid, email: "ada@example.com\nbcc@example.com" },
      "email must be a single line (no line breaks or control characters)",
    ],
    [
      "NUL in phone",
      { ...valid, phone: "555\u00000100" },
      "phone must be a single line (no line breaks or control characters)",
    ],
    [
      "NUL in message",
      { ...valid, message: "hi\u0000there" },
      "message must not contain NUL characters",
    ],
    [
      "lone surrogate",
      '{"name":"Ada \\ud800","email":"a@example.com","message":"Hi"}',
      "name must be valid Unicode text",
    ],
    ["invalid email", { ...valid, email: "ada@" }, "email must be a valid email address"],
    [
      "email without domain dot",
      { ...valid, email: "ada@localhost" },
      "email must be a valid email address",
    ],
    ["non-http website", { ...valid, website: "ftp://files.example/a" }, urlError],
    ["javascript: website", { ...valid, website: "javascript:alert(document.cookie)" }, urlError],
    ["data: website", { ...valid, website: "data:text/html,<script>alert(1)</script>" }, urlError],
    ["website that is no host name", { ...valid, website: "sunday flea" }, urlError],
    ["bad session UUID", { ...valid, session_id: "session-1" }, "session_id must be a UUID"],
  ];

  itRefusesEachBadPayload(it, bad, post, stored);

  it("answers 413 above 32 KiB and stores nothing", async () => {
    const response = await post({ ...valid, message: "m".repeat(33 * 1024) });
    expectRefusal(response, 413, "Request body must be at most 32 KiB");
    expect(await stored()).toHaveLength(0);
  });

  it.each([
    ["text/plain", "text/plain", "name=Ada"],
    ["multipart", "multipart/form-data; boundary=x", "--x--"],
    ["no content type", null, JSON.stringify(valid)],
  ])("answers 415 for %s and stores nothing", async (_case, contentType, payload) => {
    const response = await post(payload, { contentType });
    expectRefusal(response, 415, "Content-Type must be application/json");
    expect(await stored()).toHaveLength(0);
  });

  describe("the form post without JavaScript", () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formType = "application/x-www-form-urlencoded";

    it("stores a valid post and redirects (303) to the contact page's confirmation", async () => {
      const response = await post(form({ ...valid, extra_comments: "" }), {
        contentType: formType,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/contact?sent=1#contact-form-status");
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...valid, status: "new" });
    });

    it("redirects an invalid post back to the form with its values and error kept, storing nothing", async () => {
      const entered = { ...valid, email: "not-an-address" };
      const response = await post(form(entered), { contentType: formType });
      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location), "http://site.example");
      expect(location.pathname).toBe("/contact");
      expect(location.hash).toBe("#contact-form-status");
      const token = location.searchParams.get("form") ?? "";
      expect(await fresh.app.repositories.formFlashes.take(token)).toEqual({
        values: entered,
        errors: { email: "Enter an e-mail address like name@example.com" },
      });
      expect(await fresh.app.repositories.formFlashes.take(token)).toBeUndefined();
      expect(await stored()).toHaveLength(0);
    });

    it("keeps a filled honeypot as spam and still confirms", async () => {
      const response = await post(form({ ...valid, [honeypotFieldName]: "buy now" }), {
        contentType: formType,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe("/contact?sent=1#contact-form-status");
      expect((await stored())[0]?.status).toBe("spam");
    });

    it("stores the address people type as the https address they mean", async () => {
      const response = await post(form({ ...valid, website: "sundayflea.com" }), {
        contentType: formType,
      });
      expect(response.statusCode).toBe(303);
      expect((await stored())[0]?.website).toBe("https://sundayflea.com");
    });
  });

  it.each([
    ["www.sundayflea.com", "https://www.sundayflea.com"],
    ["sundayflea.com/market?day=sun", "https://sundayflea.com/market?day=sun"],
    ["http://sundayflea.com", "http://sundayflea.com"],
  ])("stores the website %s as %s", async (typed, meant) => {
    const response = await post({ ...valid, website: typed });
    expect(response.statusCode).toBe(200);
    expect((await stored())[0]?.website).toBe(meant);
  });

  it("accepts JSON with a charset parameter", async () => {
    const response = await post(valid, { contentType: "application/json; charset=utf-8" });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it("stores a message whose honeypot is filled as spam, answering 200 as usual", async () => {
    const response = await post({
      ...valid,
      [honeypotFieldName]: "https://cheap-pills.example",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await stored()).toEqual([expect.objectContaining({ ...valid, status: "spam" })]);
  });

  it("stores the same payload submitted twice within a minute once", async () => {
    const address = freshAddress();
    const first = await post(valid, { address });
    const again = await post({ ...valid, name: ` ${valid.name} ` }, { address });
    const other = await post({ ...valid, message: `${valid.message} (2)` }, { address });
    expect([first.statusCode, again.statusCode, other.statusCode]).toEqual([200, 200, 200]);
    expect(again.json()).toEqual({ success: true });
    expect((await stored()).map((row) => row.message)).toEqual([
      valid.message,
      `${valid.message} (2)`,
    ]);
  });

  it("stores a payload once even when the copies arrive together", async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(valid)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored()).toHaveLength(1);
  });

  describe("rate limits", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("answers 429 with Retry-After above 5 submissions a minute from one address", async () => {
      const address = freshAddress();
      for (let n = 1; n <= 5; n++) {
        const response = await post({ ...valid, message: `message ${n}` }, { address });
        expect(response.statusCode).toBe(200);
      }
      const limited = await post({ ...valid, message: "message 6" }, { address });
      expectRefusal(limited, 429, "Too many requests: please try again later");
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await stored()).toHaveLength(5);
      // Another address is not limited.
      expect((await post({ ...valid, message: "message 7" })).statusCode).toBe(200);
    });

    it("answers 429 above 30 submissions an hour from one address", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
      const address = freshAddress();
      for (let n = 1; n <= 30; n++) {
        const response = await post({ ...valid, message: `message ${n}` }, { address });
        expect(response.statusCode, `submission ${n}`).toBe(200);
        // Five a minute: stay under the minute limit.
        if (n % 5 === 0) vi.setSystemTime(Date.now() + 61_000);
      }
      const limited = await post({ ...valid, message: "message 31" }, { address });
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(60);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await stored()).toHaveLength(30);
    });

    it("counts by socket address, ignoring X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let n = 1; n <= 6; n++) {
        const response = await post(
          { ...valid, message: `forwarded ${n}` },
          { address, headers: { "x-forwarded-for": `198.51.100.${n}` } },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  it("answers 404 and 405 in the same JSON shape", async () => {
    const missing = await fresh.app.inject({
      method: "POST",
      url: "/functions/v1/nope",
      payload: {},
    });
    expectRefusal(missing, 404, "Not found");
    const get = await fresh.app.inject({ method: "GET", url: contactFormPath });
    expectRefusal(get, 405, "Method not allowed: use POST");
    expect(get.headers.allow).toBe("POST, OPTIONS");
  });
});

describeEachDialect("submit-contact-form behind a proxy, on %s", (it) => {
  it.override("env", { TRUST_PROXY: "127.0.0.1" });
  const fresh = storageOfEachTest(it, "fresh");

  it("takes the client address from X-Forwarded-For set by the trusted proxy", async () => {
    const send = (client: string, n: number) =>
      postJson(
        fresh.app,
        contactFormPath,
        { ...valid, message: `via proxy ${client} ${n}` },
        { address: "127.0.0.1", headers: { "x-forwarded-for": client } },
      );
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) statuses.push((await send(`198.51.100.${n}`, n)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (let n = 1; n <= 5; n++) expect((await send("198.51.100.99", n)).statusCode).toBe(200);
    expect((await send("198.51.100.99", 6)).statusCode).toBe(429);

    const rows = await fresh.database.db
      .selectFrom("contact_messages")
      .select(["client_hash", "message"])
      .execute();
    const hashes = new Set(rows.map((row) => row.client_hash));
    expect(hashes.size).toBe(7); // six clients + 198.51.100.99
  });
});

describeStorageFailure(
  "submit-contact-form",
  contactFormPath,
  () => valid,
  "Failed to submit form",
);
