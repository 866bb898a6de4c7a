// Prometheus metrics at /metrics (prom-client): requests by route and status with latency, event-loop delay and the
// process's own figures, statement times on the database, PostgreSQL pool use, the mail outbox's backlog and its
// oldest pending mail, the rollups' queue and its oldest row, and the visits and messages acknowledged. Not public:
// answered only to a bearer of METRICS_TOKEN, wherever the request comes from (a proxy on this machine makes the
// world's requests loopback ones).
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";

export interface MetricsPluginOptions {
  /** The scraper sends it as `Authorization: Bearer …`; without it /metrics answers no one. */
  token: string | undefined;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length)), digest(token));
}

async function metrics(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route, method and status",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route and method",
    labelNames: ["route", "method"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const failures = new Counter({
    name: "http_request_failures_total",
    help: "Requests answered with a 5xx status, by route",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const visits = new Counter({
    name: "boothpilot_visits_acknowledged_total",
    help: "Referrer visits committed and acknowledged (a session's repeated call is acknowledged, stored once)",
    registers: [registry],
  });
  const messages = new Counter({
    name: "boothpilot_messages_acknowledged_total",
    help: "Contact messages committed and acknowledged",
    registers: [registry],
  });

  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "(no route)";
    const status = reply.statusCode;
    requests.inc({ route, method: request.method, status });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (status >= 500) failures.inc({ route });
    if (route === trackReferrerPath && status === 200) visits.inc();
    if (route === contactFormPath && (status === 200 || status === 303)) messages.inc();
    done();
  });

  if (app.hasDecorator("database")) {
    const statements = new Histogram({
      name: "boothpilot_db_statement_duration_seconds",
      help: "Time of each database statement: writer (writes, and reads on PostgreSQL), reports (SQLite's report reader) or rollups (the rollup worker's thread on PostgreSQL)",
      labelNames: ["connection"] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    });
    app.database.onQuery = (connection, seconds) => statements.observe({ connection }, seconds);
    app.addHook("onClose", async () => {
      app.database.onQuery = undefined;
    });

    if (app.database.dialect === "postgres") {
      new Gauge({
        name: "boothpilot_db_pool_connections",
        help: "PostgreSQL pool connections: total open, idle, and requests waiting for one",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const use = app.database.poolUse();
          if (!use) return;
          this.set({ state: "total" }, use.total);
          this.set({ state: "idle" }, use.idle);
          this.set({ state: "waiting" }, use.waiting);
        },
      });
    }
    new Gauge({
      name: "boothpilot_mail_outbox",
      help: "Mail outbox rows by status (pending is the backlog, failed gave up)",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const { counts } = await app.repositories.outbox.counts("contact-mail");
        for (const status of ["pending", "sent", "failed"] as const) {
          this.set({ status }, counts[status]);
        }
      },
    });
    new Gauge({
      name: "boothpilot_mail_oldest_pending_seconds",
      help: "Age of the oldest mail not yet sent (0 when none is pending)",
      registers: [registry],
      async collect() {
        const oldest = (await app.repositories.outbox.counts("contact-mail")).oldestPendingAt;
        this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      },
    });
    // Both rollup gauges of a scrape share one read of the queue: prom-client collects every metric at once.
    let backlogRead: ReturnType<typeof app.repositories.visitRollups.backlog> | undefined;
    const backlog = () =>
      (backlogRead ??= app.repositories.visitRollups.backlog().finally(() => {
        backlogRead = undefined;
      }));
    new Gauge({
      name: "boothpilot_rollup_queue",
      help: "Visits and events stored but not yet counted in the analytics' rollups, by kind",
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        const queued = await backlog();
        for (const [kind, { rows }] of Object.entries(queued)) this.set({ kind }, rows);
      },
    });
    new Gauge({
      name: "boothpilot_rollup_oldest_queued_seconds",
      help: "Age of the oldest visit or event not yet counted in the rollups, by kind (0 when none waits)",
      labelNames: ["kind"] as const,
      registers: [registry],
      async collect() {
        const queued = await backlog();
        for (const [kind, { oldestAt }] of Object.entries(queued)) {
          this.set({ kind }, oldestAt === null ? 0 : Math.max(0, (Date.now() - oldestAt) / 1000));
        }
      },
    });
  }

  app.get("/metrics", async (request, reply) => {
    if (!bearerMatches(request, options.token)) {
      return reply.code(404).send({ success: false, error: "Not found" });
    }
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}

export default fp(metrics, { name: "metrics", fastify: "5.x" });
