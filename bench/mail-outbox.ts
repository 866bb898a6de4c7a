// `npm run bench:mail`: the mail outbox under an SMTP outage, against the real server (its own process, durable
// commits, RATE_LIMIT=off, production worker timing) and a real SMTP server in this process.
//
// 1. Outage: N contact messages are submitted while the SMTP server is down (connections refused); once each has
//    had its failed attempt the SMTP server comes back. Measures the time until every message is delivered, and
//    checks that each was delivered exactly once (distinct Message-IDs) and is marked sent.
// 2. Silent SMTP: the contact function under load (C connections, D seconds) while the SMTP server accepts
//    connections and never answers, beside the same load with mail off and with a working SMTP server.
//    The three take turns for a number of rounds; reports the medians of requests per second, p50 and p99.
// Prints the figures and writes them to the "Mail outbox" section of docs/performance.md.
//
//   npm run bench:mail -- [--messages 500] [--duration 10] [--connections 20] [--rounds 3] [--postgres <admin URL>]
//                         [--no-write]
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { contactFormPath } from "../contracts/contact-form.ts";
import { type AppDatabase, type DatabaseConfig, openDatabase } from "../server/db/database.ts";
import { TestSmtp } from "../server/test/smtp.ts";

const projectDir = join(import.meta.dirname, "..");
const mainFile = join(projectDir, "server", "main.ts");
const performanceFile = join(projectDir, "docs", "performance.md");

const { values: args } = parseArgs({
  options: {
    messages: { type: "string", default: "500" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL },
    "no-write": { type: "boolean", default: false },
  },
});
const messageCount = Number(args.messages);
const durationSeconds = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);

interface Child {
  process: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

function startServer(env: Record<string, string>): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainFile], {
      cwd: projectDir,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let found = false;
    const collect = (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk;
      const match = found ? null : /Server listening at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        found = true;
        resolve({
          process: child,
          url: match[1],
          stop: () =>
            new Promise((done) => {
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => {
      if (!found) reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

let counter = 0;
function contactBody(): string {
  counter++;
  return JSON.stringify({
    name: "Bench Organizer",
    email: "organizer@example.com",
    phone: "+1 555 0100",
    business_name: "Benchmark Flea Market",
    website: "https://market.example",
    message: `We run a monthly flea market with 120 booths and would like a demo. Request ${counter} ${randomUUID()}.`,
  });
}

async function post(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${contactFormPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (bench)" },
    body: contactBody(),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

/** `count` requests (or, without it, as many as fit in `seconds`) over `connections` concurrent clients. */
async function load(
  url: string,
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

interface Target {
  name: string;
  config: DatabaseConfig;
  remove(): Promise<void>;
}

async function createTarget(name: "SQLite" | "PostgreSQL", tag: string): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-bench-mail-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (name === "SQLite") return { name, config: { dataDir }, remove: removeDir };
  const adminUrl = args.postgres!;
  const database = `bench_mail_${tag}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    name,
    config: { dataDir, databaseUrl: url.toString() },
    async remove() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
      await removeDir();
    },
  };
}

function serverEnv(target: Target, smtpUrl: string | undefined): Record<string, string> {
  return {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: target.config.dataDir,
    SERVE_SITE: "off",
    RATE_LIMIT: "off",
    LOG_LEVEL: "info",
    ...(target.config.databaseUrl ? { DATABASE_URL: target.config.databaseUrl } : {}),
    ...(smtpUrl
      ? {
          SMTP_URL: smtpUrl,
          MAIL_TO: "team@boothpilot.example",
          MAIL_FROM: "web@boothpilot.example",
        }
      : {}),
  };
}

async function outboxState(database: AppDatabase) {
  const rows = await database.db
    .selectFrom("mail_outbox")
    .select(["status", "attempts", "lease_owner"])
    .execute();
  return {
    total: rows.length,
    attempted: rows.filter((row) => row.attempts >= 1 && row.lease_owner === null).length,
    sent: rows.filter((row) => row.status === "sent").length,
  };
}

interface OutageResult {
  database: string;
  submitted: number;
  submitP99: number;
  firstDeliveryS: number;
  allDeliveredS: number;
  drainPerS: number;
  duplicates: number;
  attemptsPerMessage: number;
}

async function outage(targetName: "SQLite" | "PostgreSQL"): Promise<OutageResult> {
  const target = await createTarget(targetName, "outage");
  const smtp = await TestSmtp.start();
  await smtp.down();
  const server = await startServer(serverEnv(target, smtp.url));
  const database = await openDatabase(target.config);
  try {
    const submitted = await load(server.url, { count: messageCount });
    if (submitted.failed > 0) throw new Error(`${submitted.failed} submissions failed`);
    console.log(`  submitted (p99 ${fixed(submitted.p99)} ms); waiting for the refused attempts`);
    // Every message has had its attempt, refused, and waits for its retry.
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
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = smtp.messageIds();
    const attempts = await database.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.sum<number>("attempts").as("attempts"))
      .executeTakeFirstOrThrow();
    return {
      database: targetName,
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
    await target.remove();
  }
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

interface LatencyRow extends LoadResult {
  database: string;
  smtp: string;
}

async function latencyUnder(
  targetName: "SQLite" | "PostgreSQL",
  smtpKind: "mail off" | "SMTP answering" | "SMTP silent",
): Promise<LatencyRow> {
  const target = await createTarget(targetName, smtpKind.replace(/\W/g, ""));
  const smtp =
    smtpKind === "SMTP answering"
      ? await TestSmtp.start()
      : smtpKind === "SMTP silent"
        ? await silentSmtp()
        : undefined;
  const server = await startServer(serverEnv(target, smtp?.url));
  try {
    await load(server.url, { seconds: 1 }); // warm-up
    const result = await load(server.url, { seconds: durationSeconds });
    return { database: targetName, smtp: smtpKind, ...result };
  } finally {
    await server.stop();
    await smtp?.close();
    await target.remove();
  }
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

const targets: ("SQLite" | "PostgreSQL")[] = args.postgres ? ["SQLite", "PostgreSQL"] : ["SQLite"];
const loadBefore = loadavg()[0]!;
const outages: OutageResult[] = [];
const latencies: LatencyRow[] = [];
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

for (const target of targets) {
  console.log(`${target}: ${messageCount} messages while SMTP is down, then SMTP back…`);
  const result = await outage(target);
  console.log(result);
  outages.push(result);
  // The three set-ups take turns, round after round, so that a slow moment of the machine does not fall on
  // one of them only; each figure is the median over the rounds.
  const kinds = ["mail off", "SMTP answering", "SMTP silent"] as const;
  const runs = new Map<string, LatencyRow[]>(kinds.map((kind) => [kind, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const kind of kinds) {
      console.log(
        `${target}: contact function, ${connections} connections, ${durationSeconds} s, ${kind}, round ${round}/${rounds}…`,
      );
      const row = await latencyUnder(target, kind);
      console.log(row);
      runs.get(kind)!.push(row);
    }
  }
  for (const kind of kinds) {
    const rows = runs.get(kind)!;
    latencies.push({
      database: target,
      smtp: kind,
      requests: median(rows.map((row) => row.requests)),
      rps: median(rows.map((row) => row.rps)),
      p50: median(rows.map((row) => row.p50)),
      p99: median(rows.map((row) => row.p99)),
      max: Math.max(...rows.map((row) => row.max)),
      failed: rows.reduce((sum, row) => sum + row.failed, 0),
    });
  }
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const loadAfter = loadavg()[0]!;
const command = `npm run bench:mail -- --messages ${messageCount} --duration ${durationSeconds} --connections ${connections} --rounds ${rounds}${args.postgres ? " --postgres <admin URL>" : ""}`;

const outageTable = [
  "| database | messages | submit p99 ms (SMTP down) | first delivery s | all delivered s | drain msg/s | duplicates | attempts per message |",
  "|---|---|---|---|---|---|---|---|",
  ...outages.map(
    (row) =>
      `| ${row.database} | ${row.submitted} | ${fixed(row.submitP99)} | ${fixed(row.firstDeliveryS, 2)} | ${fixed(row.allDeliveredS, 2)} | ${fixed(row.drainPerS, 0)} | ${row.duplicates} | ${fixed(row.attemptsPerMessage, 2)} |`,
  ),
];
const latencyTable = [
  "| database | SMTP | requests/s | p50 ms | p99 ms | max ms | non-200 | p99 / mail off |",
  "|---|---|---|---|---|---|---|---|",
  ...latencies.map((row) => {
    const baseline = latencies.find(
      (other) => other.database === row.database && other.smtp === "mail off",
    );
    return `| ${row.database} | ${row.smtp} | ${fixed(row.rps, 0)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${fixed(row.max)} | ${row.failed} | ${baseline ? fixed(row.p99 / baseline.p99, 2) : "–"} |`;
  }),
];
const section = [
  "<!-- mail:start -->",
  `Measured ${date} on ${machine} (1-minute load average ${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after) with \`${command}\`. The real server in its own process (durable commits, RATE_LIMIT=off, production worker timing: first retry 5 s, SMTP probe every 15 s while unreachable, pool of 2 SMTP connections), a real SMTP server (smtp-server) in the benchmark process.`,
  "",
  `**Outage.** ${messageCount} contact messages submitted (${connections} at a time) while the SMTP server is down (connection refused); once every message has had its refused attempt, the SMTP server comes back. Times are from the moment it listens again: the first delivery waits for the worker's next SMTP probe or retry (at most 15 s), then the backlog drains. Every message was delivered once (distinct Message-IDs) and is marked sent.`,
  "",
  ...outageTable,
  "",
  `**The form while SMTP does not answer.** The contact function under ${connections} concurrent clients for ${durationSeconds} s (after 1 s of warm-up), every request a new message (each queued for mail), with mail off, with a working SMTP server (in the benchmark process), and with an SMTP server that accepts connections and never answers (sends wait for the 10 s greeting timeout). The three take turns for ${rounds} rounds, each on a fresh database; figures are medians over the rounds (max: the largest of all rounds; non-200: their sum).`,
  "",
  ...latencyTable,
  "<!-- mail:end -->",
].join("\n");

console.log(`\n${section}\n`);

if (!args["no-write"]) {
  const current = existsSync(performanceFile)
    ? await readFile(performanceFile, "utf8")
    : "# Performance\n";
  const start = current.indexOf("<!-- mail:start -->");
  const end = current.indexOf("<!-- mail:end -->");
  const updated =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + "<!-- mail:end -->".length)}`
      : `${current.trimEnd()}\n\n## Mail outbox\n\n${section}\n`;
  await writeFile(performanceFile, updated);
  console.log(`updated ${performanceFile}`);
}
