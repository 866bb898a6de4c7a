// Bodies that are not what they say, on the three public functions and both databases: bytes that are not UTF-8
// (raw, or percent-escaped in the no-JavaScript form post) are a 400, a charset other than UTF-8 a 415, a content
// coding (gzip, true or false) a 415 saying which it reads; each in the functions' answer shape, nothing stored.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { contactFormPath } from "../contracts/contact-form.ts";
import { trackEventPath } from "../contracts/track-event.ts";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import type { AppDatabase } from "./db/database.ts";
import { expectErrorShape, freshAddress } from "./test/app.ts";
import { browserUserAgent, contactFormPost } from "./test/factories.ts";
import { dialects, storageTest } from "./test/storage.ts";

/** Where each function's body is stored, and a body of it whose text says it (a fresh marker each time). */
const functions = [
  {
    path: contactFormPath,
    body: (marker: string) => ({ ...contactFormPost(), message: `Café question ${marker}` }),
    stored: (database: AppDatabase, marker: string) =>
      database.db
        .selectFrom("contact_messages")
        .select("id")
        .where("message", "like", `%${marker}%`)
        .execute(),
  },
  {
    path: trackReferrerPath,
    body: (marker: string) => ({
      session_id: marker,
      referrer: "https://duckduckgo.com/",
      page_url: "https://www.boothpilot.example/?utm_source=café",
      user_agent: browserUserAgent,
    }),
    stored: (database: AppDatabase, marker: string) =>
      database.db
        .selectFrom("referrer_visits")
        .select("session_id")
        .where("session_id", "=", marker)
        .execute(),
  },
  {
    path: trackEventPath,
    body: (marker: string) => ({
      event_id: randomUUID(),
      session_id: marker,
      name: "pageview",
      path: "/pricing?utm_source=café",
    }),
    stored: (database: AppDatabase, marker: string) =>
      database.db
        .selectFrom("site_events")
        .select("event_id")
        .where("session_id", "=", marker)
        .execute(),
  },
] as const;

/** The UTF-8 of "é" (c3 a9) replaced by a Latin-1 "é" (e9): a byte that starts no UTF-8 sequence here. */
function latin1(text: string): Buffer {
  const utf8 = Buffer.from(text);
  const at = utf8.indexOf(Buffer.from("é"));
  return Buffer.concat([utf8.subarray(0, at), Buffer.from([0xe9]), utf8.subarray(at + 2)]);
}

describe.each(dialects)("bodies that are not what they say, on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let app: FastifyInstance;

  it.beforeEach(({ db, app: shared }) => {
    database = db;
    app = shared;
  });

  const post = (path: string, payload: Buffer, headers: Record<string, string>) =>
    app.inject({
      method: "POST",
      url: path,
      headers: { "user-agent": browserUserAgent, ...headers },
      payload,
      remoteAddress: freshAddress(),
    });

  const refusals = [
    {
      what: "bytes that are not UTF-8",
      send: (text: string) => latin1(text),
      headers: { "content-type": "application/json" },
      answer: [400, "Request body is not valid UTF-8"],
    },
    {
      what: "charset=utf-16 on a UTF-8 body",
      send: (text: string) => Buffer.from(text),
      headers: { "content-type": "application/json; charset=utf-16" },
      answer: [415, "Request body must be UTF-8: leave out the charset or set charset=utf-8"],
    },
    {
      what: 'charset="iso-8859-1" on a Latin-1 body',
      send: (text: string) => latin1(text),
      headers: { "content-type": 'application/json; charset="iso-8859-1"' },
      answer: [415, "Request body must be UTF-8: leave out the charset or set charset=utf-8"],
    },
    {
      what: "Content-Encoding: gzip on a body that is not compressed",
      send: (text: string) => Buffer.from(text),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      answer: [415, "Content-Encoding is not supported: send the body uncompressed"],
    },
    {
      what: "Content-Encoding: gzip on a compressed body",
      send: (text: string) => gzipSync(text),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      answer: [415, "Content-Encoding is not supported: send the body uncompressed"],
    },
  ] as const;

  for (const fn of functions) {
    for (const refusal of refusals) {
      it(`${fn.path}: ${refusal.what} is refused and nothing is stored`, async () => {
        const marker = randomUUID();
        const response = await post(
          fn.path,
          refusal.send(JSON.stringify(fn.body(marker))),
          refusal.headers,
        );
        expect([response.statusCode, expectErrorShape(response.body).error]).toEqual(
          refusal.answer,
        );
        if (response.statusCode === 415 && "content-encoding" in refusal.headers) {
          expect(response.headers["accept-encoding"]).toBe("identity");
        }
        expect(await fn.stored(database, marker)).toEqual([]);
      });
    }

    it(`${fn.path}: UTF-8, with charset=utf-8 or none and identity coding, is stored as sent`, async () => {
      const accepted: Record<string, string>[] = [
        { "content-type": "application/json" },
        { "content-type": "application/json; charset=UTF-8" },
        { "content-type": "application/json;charset=utf-8", "content-encoding": "identity" },
      ];
      for (const headers of accepted) {
        const marker = randomUUID();
        const response = await post(fn.path, Buffer.from(JSON.stringify(fn.body(marker))), headers);
        expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
        expect(await fn.stored(database, marker)).toHaveLength(1);
      }
    });
  }

  it("refuses a form post whose bytes or escapes are not UTF-8, storing nothing, and stores a good one", async () => {
    const form = (marker: string) =>
      new URLSearchParams({ ...contactFormPost(), message: `Café question ${marker}` }).toString();
    const formType = { "content-type": "application/x-www-form-urlencoded" };
    const stored = functions[0].stored;

    const escaped = randomUUID();
    const badEscape = form(escaped).replace("Caf%C3%A9", "Caf%E9");
    expect(badEscape).toContain("Caf%E9");
    const escapedAnswer = await post(contactFormPath, Buffer.from(badEscape), formType);
    expect([escapedAnswer.statusCode, expectErrorShape(escapedAnswer.body).error]).toEqual([
      400,
      "Request body is not valid UTF-8",
    ]);
    expect(await stored(database, escaped)).toEqual([]);

    const raw = randomUUID();
    const rawBytes = latin1(decodeURIComponent(form(raw).replaceAll("+", " ")));
    const rawAnswer = await post(contactFormPath, rawBytes, formType);
    expect([rawAnswer.statusCode, expectErrorShape(rawAnswer.body).error]).toEqual([
      400,
      "Request body is not valid UTF-8",
    ]);
    expect(await stored(database, raw)).toEqual([]);

    const good = randomUUID();
    const goodAnswer = await post(contactFormPath, Buffer.from(form(good)), formType);
    expect(goodAnswer.statusCode).toBe(303);
    expect(await stored(database, good)).toHaveLength(1);
  });
});
