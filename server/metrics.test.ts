// /metrics as a scraper and a stranger see it: the named series in Prometheus text, answered on loopback or with
// METRICS_TOKEN, and 404 to anyone else (a proxied request from loopback included).
import { describe, expect } from "vitest";
import { contactFormPath } from "../contracts/contact-form.ts";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { dialects } from "./test/databases.ts";
import { storageTest } from "./test/storage.ts";

const token = "m".repeat(40);

describe.each(dialects)("metrics on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  it.override("env", { RATE_LIMIT: "off", METRICS_TOKEN: token });

  it("answers loopback and the token, and no one else", async ({ app }) => {
    const local = await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(local.statusCode).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);

    const stranger = await app.inject({ url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(stranger.statusCode).toBe(404);
    const wrongToken = await app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: `Bearer ${"x".repeat(40)}` },
    });
    expect(wrongToken.statusCode).toBe(404);
    const proxied = await app.inject({
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(proxied.statusCode).toBe(404);
    const bearer = await app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);
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
    const text = (await app.inject({ url: "/metrics", remoteAddress: "127.0.0.1" })).body;
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
});
