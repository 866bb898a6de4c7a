// The access log: a line per request under its own id, without the client's address, query string or probes.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";

type Line = Record<string, unknown>;

async function appWithLogLines() {
  const lines: Line[] = [];
  const app = await buildApp({
    env: parseEnv({}),
    logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  app.get("/logs-a-warning", async (request) => {
    request.log.warn({ detail: 42 }, "careful");
    return { level: request.log.level };
  });
  return { app, lines };
}

/** Runs `use` on an app whose log lines are collected, and closes the app whatever happens. */
async function withLoggingApp(
  use: (app: FastifyInstance, lines: Line[]) => Promise<void>,
): Promise<void> {
  const { app, lines } = await appWithLogLines();
  try {
    await use(app, lines);
  } finally {
    await app.close();
  }
}

/** The access lines among the log lines. */
const accessLines = (lines: Line[]) => lines.filter((line) => line.msg === "request");

describe("request logging", () => {
  it("writes one access line per request, with its id and without the client's address", () =>
    withLoggingApp(async (app, lines) => {
      const response = await app.inject({ url: "/logs-a-warning", remoteAddress: "203.0.113.9" });
      expect(response.statusCode).toBe(200);
      const requestLines = accessLines(lines);
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        level: 30,
        msg: "request",
        method: "GET",
        url: "/logs-a-warning",
        statusCode: 200,
      });
      expect(typeof requestLines[0]?.ms).toBe("number");
      expect(JSON.stringify(lines)).not.toContain("203.0.113.9");
    }));

  it("logs the path without its query string: no searched address, no form token", () =>
    withLoggingApp(async (app, lines) => {
      const response = await app.inject({
        url: "/logs-a-warning?q=eve.sender%40example.com&form=Zm9ybS1yZXRyeS10b2tlbg",
      });
      expect(response.statusCode).toBe(200);
      const access = accessLines(lines);
      expect(access).toHaveLength(1);
      expect(access[0]?.url).toBe("/logs-a-warning");
      const log = JSON.stringify(lines);
      expect(log).not.toContain("eve.sender");
      expect(log).not.toContain("Zm9ybS1yZXRyeS10b2tlbg");
    }));

  it("gives a route's own lines the request id of its access line", () =>
    withLoggingApp(async (app, lines) => {
      const response = await app.inject({ url: "/logs-a-warning" });
      expect(response.json()).toEqual({ level: "info" });
      const warning = lines.find((line) => line.msg === "careful");
      const access = lines.find((line) => line.msg === "request");
      expect(warning).toMatchObject({ level: 40, detail: 42 });
      expect(warning?.reqId).toBeDefined();
      expect(warning?.reqId).toBe(access?.reqId);
    }));

  it("gives every request its own id", () =>
    withLoggingApp(async (app, lines) => {
      await app.inject({ url: "/logs-a-warning" });
      await app.inject({ url: "/logs-a-warning" });
      const ids = accessLines(lines).map((line) => line.reqId);
      expect(ids).toHaveLength(2);
      expect(ids[0]).not.toBe(ids[1]);
    }));

  it("gives requests of two instances ids that never collide, echoed in X-Request-Id", async () => {
    const first = await appWithLogLines();
    const second = await appWithLogLines();
    try {
      const answered: string[] = [];
      for (let i = 0; i < 200; i++) {
        for (const { app } of [first, second]) {
          const response = await app.inject({ url: "/logs-a-warning" });
          answered.push(String(response.headers["x-request-id"]));
        }
      }
      const logged = accessLines([...first.lines, ...second.lines]).map((line) => line.reqId);
      expect(new Set(answered).size).toBe(400);
      expect(new Set(logged)).toEqual(new Set(answered));
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  it("keeps the proxy's X-Request-Id when it is a sane value, and replaces any other", () =>
    withLoggingApp(async (app, lines) => {
      const fromNginx = "4f9c2b7e1d0a63c8e5b2f1a09d8c7e6b";
      const kept = await app.inject({
        url: "/logs-a-warning",
        headers: { "x-request-id": fromNginx },
      });
      expect(kept.headers["x-request-id"]).toBe(fromNginx);
      const odd = 'x" level=60 msg="forged';
      const replaced = await app.inject({
        url: "/logs-a-warning",
        headers: { "x-request-id": odd },
      });
      expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      const ids = accessLines(lines).map((line) => line.reqId);
      expect(ids).toEqual([fromNginx, replaced.headers["x-request-id"]]);
      expect(JSON.stringify(lines)).not.toContain("forged");
    }));

  it("does not log the health and readiness probes", () =>
    withLoggingApp(async (app, lines) => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
      expect(accessLines(lines)).toEqual([]);
    }));
});
