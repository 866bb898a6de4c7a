// Answers Fastify gives itself (a URL it cannot decode, a 404, requests Node's parser refuses), read off the wire
// as a client receives them: the security headers, and a fixed text that never repeats the path.
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { expectStrictCsp } from "./test/headers.ts";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends raw bytes and reads the answer until the server closes the connection. */
function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(":");
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    socket.write(request);
  });
}

const get = (path: string, extra = "") =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extra}\r\n`;

function expectSecurityHeaders(answer: RawAnswer): void {
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  expect(answer.headers["x-frame-options"]).toBe("DENY");
  expectStrictCsp(answer.headers["content-security-policy"]);
}

describe("Fastify's own answers", () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await buildApp({ env: parseEnv({}) });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(["/%ZZ", "/functions/v1/%ZZ%3Cscript%3E", "/admin/api/%E0%A4%A"])(
    "answer a URL that cannot be decoded (%s) with 400, the headers and a fixed text",
    async (path) => {
      const answer = await rawRequest(port, get(path));
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Bad request" });
    },
  );

  it("answer an unknown path with 404, the headers and a fixed text", async () => {
    const answer = await rawRequest(port, get("/no-such-page%3Cb%3E"));
    expect(answer.status).toBe(404);
    expectSecurityHeaders(answer);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Not found" });
  });

  it("answer headers too large with 431, the headers and a fixed text", async () => {
    const answer = await rawRequest(port, get("/healthz", `x-big: ${"a".repeat(20_000)}\r\n`));
    expect(answer.status).toBe(431);
    expectSecurityHeaders(answer);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      error: "Request headers are too large",
    });
  });

  it("answer a malformed request with 400, the headers and a fixed text", async () => {
    const answer = await rawRequest(port, get("/healthz", "Bad Header Line\r\n"));
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Bad request" });
  });
});

describe("a request that runs out of time", () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    // The whole-request and idle limits equal, as in production (30 s each), and Node checking the request limit
    // once a second, as it does there.
    app = await buildApp({
      env: parseEnv({}),
      testing: { timeouts: { headersMs: 1_000, requestMs: 1_000, idleMs: 1_000 } },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is answered 408 with the headers and a fixed text when its body stops coming", async () => {
    const answer = await rawRequest(
      port,
      "POST /functions/v1/track-referrer HTTP/1.1\r\nHost: localhost\r\n" +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"session_id"',
    );
    expect(answer.status).toBe(408);
    expectSecurityHeaders(answer);
    expect(JSON.parse(answer.body)).toEqual({ success: false, error: "Request timed out" });
  });
});
