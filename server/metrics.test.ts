// /metrics as a scraper and a stranger see it: the named series in Prometheus text, answered with METRICS_TOKEN,
// and 404 to anyone else (a request from loopback included: a proxy on the same machine relays from there).
import { describe, expect } from "vitest";
import { contactFormPath } from "../contracts/contact-form.ts";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { recordVisit } from "./test/factories.ts";
import { dialects, storageTest } from "./test/storage.ts";

const token = "m".repeat(40);

describe.each(dialects)("metrics on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  it.override("env", { RATE_LIMIT: "off", METRICS_TOKEN: token });

  it("answers the token only: not loopback, proxied or not, nor a wrong token", async ({ app }) => {
    // What a proxy on this machine that adds no X-Forwarded-For relays looks like.
    const loopback = await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(loopback.statusCode).toBe(404);
    expect(loopback.json()).toEqual({ success: false, error: "Not found" });
    const proxied = await app.inject({
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(proxied.statusCode).toBe(404);
    const stranger = await app.inject({ url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(stranger.statusCode).toBe(404);
    const wrongToken = await app.inject({
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { authorization: `Bearer ${"x".repeat(40)}` },
    });
    expect(wrongToken.statusCode).toBe(404);

    for (const remoteAddress of ["127.0.0.1", "203.0.113.7"]) {
      const scraper = await app.inject({
        url: "/metrics",
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraper.statusCode, remoteAddress).toBe(200);
      expect(scraper.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    }
  });

  it("answers no one without METRICS_TOKEN", async ({ storage }) => {
    const untokened = await storage.app(dialect, { RATE_LIMIT: "off" });
    const loopback = await untokened.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(loopback.statusCode).toBe(404);
  });

  it("counts requests, writes and mail", async ({ app }) => {
    const visit = await app.inject({
      method: "POST",
      url: trackReferrerPath,
      payload: {
        session_id: crypto.randomUUID(),
        referrer: "direct",
        page_url: "https://www.boothpilot.example/",
        user_agent: "metrics-test",
      },
    });
    expect(visit.statusCode).toBe(200);
    const message = await app.inject({
      method: "POST",
      url: contactFormPath,
      payload: { name: "Metrics Test", email: "metrics@example.com", message: "Hello there" },
    });
    expect(message.statusCode).toBe(200);
    const text = (
      await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } })
    ).body;
    expect(text).toContain(
      `http_requests_total{route="${trackReferrerPath}",method="POST",status="200"} 1`,
    );
    expect(text).toContain(
      `http_request_duration_seconds_count{route="${contactFormPath}",method="POST"} 1`,
    );
    expect(text).toContain("boothpilot_visits_acknowledged_total 1");
    expect(text).toContain("boothpilot_messages_acknowledged_total 1");
    expect(text).toMatch(
      /boothpilot_db_statement_duration_seconds_count\{connection="writer"\} [1-9]/,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toContain('boothpilot_mail_outbox{status="pending"}');
    expect(text).toMatch(/^boothpilot_mail_oldest_pending_seconds \d/m);
    expect(text).toContain("http_request_failures_total");
    if (dialect === "postgres")
      expect(text).toMatch(/boothpilot_db_pool_connections\{state="total"\} [1-9]/);
  });

  it("shows how far the rollups lag the stored rows, by kind, and nothing left after a pass, timed", async ({
    freshDb,
    freshApp,
  }) => {
    const scrape = async () =>
      (await freshApp.inject({ url: "/metrics", headers: { authorization: `Bearer ${token}` } }))
        .body;
    const series = (text: string, name: string, kind: string) =>
      Number(new RegExp(`^${name}\\{kind="${kind}"\\} (\\S+)$`, "m").exec(text)?.[1]);
    // Two visits stored 90 and 30 seconds ago, not counted yet.
    await recordVisit(freshDb, {}, { at: Date.now() - 90_000 });
    await recordVisit(freshDb, {}, { at: Date.now() - 30_000 });
    const waiting = await scrape();
    expect(series(waiting, "boothpilot_rollup_queue", "visit")).toBe(2);
    expect(series(waiting, "boothpilot_rollup_queue", "event")).toBe(0);
    expect(
      series(waiting, "boothpilot_rollup_oldest_queued_seconds", "visit"),
    ).toBeGreaterThanOrEqual(90);
    expect(series(waiting, "boothpilot_rollup_oldest_queued_seconds", "visit")).toBeLessThan(120);
    expect(series(waiting, "boothpilot_rollup_oldest_queued_seconds", "event")).toBe(0);

    await freshApp.rollupWorker.catchUp();
    const counted = await scrape();
    expect(series(counted, "boothpilot_rollup_queue", "visit")).toBe(0);
    expect(series(counted, "boothpilot_rollup_oldest_queued_seconds", "visit")).toBe(0);
    // On PostgreSQL the pass ran on the rollup worker's thread: its statements are timed under their own name.
    const rollupStatements =
      /boothpilot_db_statement_duration_seconds_count\{connection="rollups"\} [1-9]/;
    if (dialect === "postgres") expect(counted).toMatch(rollupStatements);
    else expect(counted).not.toMatch(rollupStatements);
  });
});
