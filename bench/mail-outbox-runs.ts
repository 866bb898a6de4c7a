// The mail outbox benchmark's two experiments, each on a fresh database: an SMTP outage and its recovery, and the
// contact function's latency with mail off, with SMTP answering, and with SMTP silent.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { contactFormPath } from "../contracts/contact-form.ts";
import { type AppDatabase, type DatabaseConfig, openDatabase } from "../server/db/database.ts";
import { serverEnv, startServer } from "../server/test/server-process.ts";
import { TestSmtp } from "../server/test/smtp.ts";
import { requestBody } from "./api-load.ts";
import { withPostgres } from "./helpers.ts";

export type DatabaseName = "SQLite" | "PostgreSQL";
export type SmtpKind = "mail off" | "SMTP answering" | "SMTP silent";

export interface Settings {
  messageCount: number;
  durationSeconds: number;
  connections: number;
  /** The admin URL of a PostgreSQL server, for the PostgreSQL runs. */
  postgres?: string;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

export interface OutageResult {
  database: DatabaseName;
  submitted: number;
  submitP99: number;
  firstDeliveryS: number;
  allDeliveredS: number;
  drainPerS: number;
  duplicates: number;
  attemptsPerMessage: number;
}

export interface LatencyRow extends LoadResult {
  database: DatabaseName;
  smtp: SmtpKind;
}

/** Runs `run` on a new data folder (and, for PostgreSQL, a new database), removed afterwards. */
async function withDatabase<T>(
  name: DatabaseName,
  settings: Settings,
  run: (config: DatabaseConfig) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-bench-mail-"));
  try {
    if (name === "SQLite") return await run({ dataDir });
    if (!settings.postgres) throw new Error("PostgreSQL runs need --postgres <admin URL>");
    return await withPostgres(
      settings.postgres,
      (databaseUrl) => run({ dataDir, databaseUrl }),
      "bench_mail",
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The real server in its own process, as in production but with RATE_LIMIT=off; its origin and a stop. */
async function startMailServer(config: DatabaseConfig, smtpUrl: string | undefined) {
  // The acknowledgement to each sender is off: the figures stay those of the team's e-mail alone, as before it.
  const mail: Record<string, string> = smtpUrl
    ? {
        SMTP_URL: smtpUrl,
        MAIL_TO: "team@boothpilot.example",
        MAIL_FROM: "web@boothpilot.example",
        ACK_EMAIL: "off",
      }
    : {};
  const server = await startServer(serverEnv(config, mail));
  return {
    url: server.url,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    },
  };
}

async function post(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${contactFormPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (bench)" },
    body: requestBody("submit-contact-form"),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** `count` requests (or, without it, as many as fit in `seconds`) over `connections` concurrent clients. */
async function load(
  url: string,
  connections: number,
  options: { count?: number; seconds?: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = options.seconds ? started + options.seconds * 1000 : Number.POSITIVE_INFINITY;
  const client = async () => {
    while (
      performance.now() < deadline &&
      (options.count === undefined || issued < options.count)
    ) {
      issued++;
      try {
        const { status, ms } = await post(url);
        latencies.push(ms);
        if (status !== 200) failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    failed,
  };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function outboxState(database: AppDatabase) {
  const rows = await database.db
    .selectFrom("outbox")
    .select(["status", "attempts", "lease_owner"])
    .execute();
  return {
    attempted: rows.filter((row) => row.attempts >= 1 && row.lease_owner === null).length,
    sent: rows.filter((row) => row.status === "sent").length,
  };
}

/**
 * Submits the messages while SMTP refuses connections; once each has had its refused attempt, brings SMTP back and
 * times the deliveries, checking that each message arrived once.
 */
export function outage(name: DatabaseName, settings: Settings): Promise<OutageResult> {
  const { messageCount, connections } = settings;
  return withDatabase(name, settings, async (config) => {
    const smtp = await TestSmtp.start();
    await smtp.down();
    const server = await startMailServer(config, smtp.url);
    const database = await openDatabase(config);
    try {
      const submitted = await load(server.url, connections, { count: messageCount });
      if (submitted.failed > 0) throw new Error(`${submitted.failed} submissions failed`);
      console.log(
        `  submitted (p99 ${submitted.p99.toFixed(1)} ms); waiting for the refused attempts`,
      );
      await waitFor(async () => (await outboxState(database)).attempted === messageCount, 60_000);

      const up = performance.now();
      await smtp.up();
      console.log("  SMTP is back");
      let first = Number.NaN;
      await waitFor(() => {
        if (Number.isNaN(first) && smtp.received.length > 0) first = performance.now();
        return smtp.received.length >= messageCount;
      }, 5 * 60_000);
      const all = performance.now();
      await waitFor(async () => (await outboxState(database)).sent === messageCount, 30_000);
      // A duplicate would arrive after the last first delivery: give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const ids = smtp.messageIds();
      const attempts = await database.db
        .selectFrom("outbox")
        .select((eb) => eb.fn.sum<number>("attempts").as("attempts"))
        .executeTakeFirstOrThrow();
      return {
        database: name,
        submitted: messageCount,
        submitP99: submitted.p99,
        firstDeliveryS: (first - up) / 1000,
        allDeliveredS: (all - up) / 1000,
        drainPerS: messageCount / ((all - first) / 1000),
        duplicates: ids.length - new Set(ids).size,
        attemptsPerMessage: Number(attempts.attempts) / messageCount,
      };
    } finally {
      await server.stop();
      await database.close();
      await smtp.close();
    }
  });
}

/** Accepts TCP connections and never says a word. */
async function silentSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The contact function under load for `durationSeconds` (after 1 s of warm-up) with SMTP as `smtpKind` says. */
export function latencyUnder(
  name: DatabaseName,
  smtpKind: SmtpKind,
  settings: Settings,
): Promise<LatencyRow> {
  return withDatabase(name, settings, async (config) => {
    const smtp =
      smtpKind === "SMTP answering"
        ? await TestSmtp.start()
        : smtpKind === "SMTP silent"
          ? await silentSmtp()
          : undefined;
    const server = await startMailServer(config, smtp?.url);
    try {
      await load(server.url, settings.connections, { seconds: 1 });
      const result = await load(server.url, settings.connections, {
        seconds: settings.durationSeconds,
      });
      return { database: name, smtp: smtpKind, ...result };
    } finally {
      await server.stop();
      await smtp?.close();
    }
  });
}
