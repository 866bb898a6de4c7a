// The functions over real HTTP (sockets, chunked bodies, CORS, slow clients), on both databases.
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { describe, expect } from "vitest";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import type { AppDatabase } from "../db/database.ts";
import { expectErrorShape } from "../test/app.ts";
import { dialects, storageTest as it } from "../test/storage.ts";

const contact = {
  name: "Grace Hopper",
  email: "grace@example.com",
  message: "We run three card shows a year.",
};
const visit = (sessionId = randomUUID()) => ({
  session_id: sessionId,
  referrer: "https://duckduckgo.com/",
  page_url: "https://www.boothpilot.example/?utm_source=ddg",
  user_agent: "Mozilla/5.0 Firefox/140.0",
});

let clientCounter = 0;
/** A client behind the trusted proxy (127.0.0.1): its own rate-limit counters. */
const newClient = () => `192.0.2.${++clientCounter}`;

describe.each(dialects)("server functions over HTTP on %s", (dialect) => {
  it.override("dialect", dialect);
  let database: AppDatabase;
  let base: string;

  it.beforeAll(async ({ storage }) => {
    database = await storage.database(dialect);
    const app = await storage.apps(dialect).start({
      TRUST_PROXY: "127.0.0.1",
      CORS_ORIGINS: "https://partner.example",
    });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });

  function post(
    path: string,
    body: BodyInit,
    headers: Record<string, string> = {},
    client = newClient(),
  ): Promise<Response> {
    return fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client, ...headers },
      body,
    });
  }

  it("stores a contact message and a visit, answering 200 {success: true}", async () => {
    const sessionId = randomUUID();
    const sent = await post(contactFormPath, JSON.stringify({ ...contact, session_id: sessionId }));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ success: true });
    const tracked = await post(trackReferrerPath, JSON.stringify(visit(sessionId)));
    expect(tracked.status).toBe(200);
    const message = await database.db
      .selectFrom("contact_messages")
      .select(["email", "session_id"])
      .where("session_id", "=", sessionId)
      .execute();
    expect(message).toEqual([{ email: contact.email, session_id: sessionId }]);
    const visits = await database.db
      .selectFrom("referrer_visits")
      .select(["source", "utm_source"])
      .where("session_id", "=", sessionId)
      .execute();
    // A source tag without a medium decides the channel before the referrer does: Unassigned (GA4).
    expect(visits).toEqual([{ source: "unassigned", utm_source: "ddg" }]);
  });

  it("commits 200 concurrent calls, all acknowledged and all stored", async () => {
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const responses = await Promise.all(
      ids.map((id) => post(trackReferrerPath, JSON.stringify(visit(id)))),
    );
    expect(responses.map((response) => response.status)).toEqual(ids.map(() => 200));
    const rows = await database.db
      .selectFrom("referrer_visits")
      .select("session_id")
      .where("session_id", "in", ids)
      .execute();
    expect(rows).toHaveLength(200);
  });

  it("answers 413 for a 33 KiB body, with or without Content-Length", async () => {
    const large = JSON.stringify({ ...contact, message: "m".repeat(33 * 1024) });
    const sized = await post(contactFormPath, large);
    expect(sized.status).toBe(413);
    expect(expectErrorShape(await sized.text()).error).toBe("Request body must be at most 32 KiB");

    const chunks = [large.slice(0, 20_000), large.slice(20_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const chunked = await fetch(`${base}${contactFormPath}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": newClient() },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(expectErrorShape(await chunked.text()).error).toBe(
      "Request body must be at most 32 KiB",
    );
  });

  it("answers 415 for a text/plain body (a cross-site simple request) and 400 for broken JSON", async () => {
    const plain = await fetch(`${base}${trackReferrerPath}`, {
      method: "POST",
      headers: { "x-forwarded-for": newClient() },
      body: JSON.stringify(visit()), // fetch sends text/plain;charset=UTF-8
    });
    expect(plain.status).toBe(415);
    expect(expectErrorShape(await plain.text()).error).toBe(
      "Content-Type must be application/json",
    );
    const broken = await post(trackReferrerPath, "{not json");
    expect(broken.status).toBe(400);
    expect(expectErrorShape(await broken.text()).error).toBe("Request body is not valid JSON");
  });

  it("answers 429 with Retry-After on the sixth message of a minute from one client", async () => {
    const client = newClient();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let n = 1; n <= 6; n++) {
      const response = await post(
        contactFormPath,
        JSON.stringify({ ...contact, message: `over HTTP ${n}` }),
        {},
        client,
      );
      statuses.push(response.status);
      retryAfter = response.headers.get("retry-after");
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("allows the CORS_ORIGINS origins and no others", async () => {
    const preflight = (origin: string) =>
      fetch(`${base}${trackReferrerPath}`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type,apikey",
        },
      });
    const allowed = await preflight("https://partner.example");
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("apikey");

    const other = await preflight("https://evil.example");
    expect(other.headers.get("access-control-allow-origin")).toBeNull();

    const call = await post(trackReferrerPath, JSON.stringify(visit()), {
      origin: "https://partner.example",
    });
    expect(call.status).toBe(200);
    expect(call.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });
});

describe("slow clients", () => {
  let port: number;

  it.beforeAll(async ({ storage }) => {
    const app = await storage.apps("sqlite").start(
      {},
      {
        testing: {
          timeouts: { headersMs: 500, requestMs: 1_000, idleMs: 800, keepAliveMs: 500 },
        },
      },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });

  /** Opens a socket, feeds it, and resolves with what the server sent and when it closed the socket. */
  function slowClient(
    feed: (write: (text: string) => void, every: (ms: number, tick: () => void) => void) => void,
  ): Promise<{ received: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, "127.0.0.1");
      const timers: NodeJS.Timeout[] = [];
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        for (const timer of timers) clearTimeout(timer);
        resolve({ received, closedAfterMs: Date.now() - started });
      });
      socket.on("connect", () =>
        feed(
          (text) => {
            if (!socket.destroyed) socket.write(text);
          },
          (ms, tick) => {
            timers.push(setInterval(tick, ms));
          },
        ),
      );
      timers.push(
        setTimeout(() => {
          socket.destroy();
          reject(new Error("the server kept the slow client"));
        }, 10_000),
      );
    });
  }

  it("cuts off a client that trickles its headers", async () => {
    const { received, closedAfterMs } = await slowClient((write, every) => {
      write(`POST ${trackReferrerPath} HTTP/1.1\r\nHost: x\r\nX-Slow: `);
      // One byte every 100 ms: never idle long enough for the idle timeout, caught by the header timeout.
      every(100, () => write("a"));
    });
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(received === "" || received.startsWith("HTTP/1.1 408")).toBe(true);
  });

  it("cuts off a client that stops sending its body", async () => {
    const { received, closedAfterMs } = await slowClient((write) => {
      write(
        `POST ${trackReferrerPath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"session_id"`,
      );
    });
    expect(closedAfterMs).toBeLessThan(4_000);
    expect(received).not.toContain("200 OK");
  });
});
