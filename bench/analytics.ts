// `npm run bench:analytics`: the console's reports on a large database. Seeds N visits (about five events a visit and a
// contact message per 500 visits) with a realistic spread over 400 days: 26 landing paths, about 500 referrer hosts
// with a long tail, 20 campaigns (each with one utm_source and utm_medium, landing on one or two pages from where
// its links were posted), 5% bots. The rows are loaded in batches,
// the rollups of the days before today built by the repository's bulk path (server/db/repositories/rollups.test.ts
// checks it counts as the write path and the rollup worker do), and today's rows counted by the worker's passes
// (analytics-seed.ts). The server then runs as in production (its own process, the site served) and the benchmark
// measures, per database: the 7-, 30- and 90-day report (median and p99 of 20), the same filtered by one source
// class, the console's breakdown (every panel beside the previous period; 90 days plain and filtered, 12 months),
// the first inbox page, and a visitor's GET / p99 while reports run back to back against GET / p99 with the console
// idle, in the same run. Prints the database size per million visits and updates the Analytics section of
// docs/performance.md.
//
// With --keep DIR, the seeded databases stay (SQLite's in DIR, PostgreSQL's as the database
// bp_bench_analytics_keep_N beside the admin URL's) and a later run measures them again without seeding, migrating
// them first: a schema change is compared on the same rows. A seed interrupted during its bulk rollups leaves a
// database that reads as seeded: remove it by hand.
//
//   npm run bench:analytics -- [--visits 1000000,10000000] [--postgres <admin URL>] [--no-write] [--keep DIR]
//                              [--only sqlite|postgres]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import { adminApiPaths } from "../contracts/admin-api.ts";
import { sessionCookie } from "../server/admin/auth.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "../server/db/database.ts";
import { freePort } from "../server/test/server-process.ts";
import { seed, spanDays } from "./analytics-seed.ts";
import {
  keptPostgres,
  machine,
  percentile,
  withPostgres,
  writePerformanceSection,
} from "./helpers.ts";

const projectDir = join(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    visits: { type: "string", default: "1000000" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL },
    "no-write": { type: "boolean", default: false },
    keep: { type: "string" },
    only: { type: "string" },
  },
});
const sizes = (args.visits ?? "1000000").split(",").map((n) => Number(n.replaceAll("_", "")));

const reportRuns = 20;
const siteOrigin = "https://www.boothpilot.example";
// The server runs with the default, https SITE_URL: its session cookie is the __Host- one.
const adminCookie = sessionCookie(true).name;
const admin = { email: "bench@boothpilot.example", password: "bench password 1234" };

// ---- The server and the measurements ---------------------------------------------------------------------------

async function startServer(
  env: Record<string, string>,
): Promise<{ process: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: projectDir,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
      // Retention would delete the oldest seeded visits while the reports run.
      VISIT_RETENTION_DAYS: "0",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { process: child, port };
    } catch (error) {
      if (attempt > 300 || child.exitCode !== null) {
        throw new Error(`the server did not start: ${output}`, { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}${adminApiPaths.session}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: siteOrigin,
      "sec-fetch-site": "same-origin",
    },
    body: JSON.stringify(admin),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${adminCookie}=`));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie.split(";")[0]!;
}

async function timed(port: number, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

async function medianP99(port: number, path: string, cookie: string): Promise<[number, number]> {
  await timed(port, path, cookie);
  const times: number[] = [];
  for (let i = 0; i < reportRuns; i++) times.push(await timed(port, path, cookie));
  times.sort((a, b) => a - b);
  return [percentile(times, 0.5), percentile(times, 0.99)];
}

/** GET / for a few seconds at 10 connections: the p99 latency in ms. */
async function visitorP99(port: number): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/`,
    connections: 10,
    duration: 5,
    headers: { "user-agent": "Mozilla/5.0 Firefox/140.0" },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error("GET / failed during the run");
  return result.latency.p99;
}

interface Figures {
  database: string;
  visits: number;
  seedSeconds: number;
  /** The bulk path's seconds for the rows before today. */
  rollupSeconds: number;
  events: number;
  /** Today's visits and events, queued, and the seconds the rollup worker's passes took to count them. */
  queued: number;
  workerSeconds: number;
  reports: { name: string; median: number; p99: number }[];
  idleP99: number;
  busyP99: number;
  reportsDuringBusy: number;
  bytesPerMillion: number;
}

async function databaseSize(database: AppDatabase, dataDir: string): Promise<number> {
  if (database.dialect === "postgres") {
    const { rows } = await sql<{
      size: string;
    }>`select pg_database_size(current_database()) as size`.execute(database.db);
    return Number(rows[0]?.size ?? 0);
  }
  let bytes = 0;
  for (const file of ["site.db", "site.db-wal"]) {
    bytes += await stat(join(dataDir, file)).then(
      (s) => s.size,
      () => 0,
    );
  }
  return bytes;
}

/** The visits a kept database holds already (0 for a new one). */
async function storedVisits(database: AppDatabase): Promise<number> {
  const row = await database.db
    .selectFrom("referrer_visits")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function benchDatabase(
  label: string,
  count: number,
  databaseUrl?: string,
  keepDir?: string,
): Promise<Figures> {
  const dataDir = keepDir ?? (await mkdtemp(join(tmpdir(), "boothpilot-analytics-")));
  if (keepDir) await mkdir(keepDir, { recursive: true });
  try {
    const now = Date.now();
    const database = await openDatabase({ dataDir, databaseUrl });
    let seeding: Awaited<ReturnType<typeof seed>>;
    try {
      await migrateToLatest(database);
      const stored = await storedVisits(database);
      if (stored === 0) seeding = await seed(database, dataDir, count, now);
      else if (stored === count)
        seeding = { seedSeconds: 0, rollupSeconds: 0, events: 0, queued: 0, workerSeconds: 0 };
      else throw new Error(`${dataDir} holds ${stored} visits, not ${count}`);
    } finally {
      await database.close();
    }
    console.log(
      `${label} ${count}: seeded in ${seeding.seedSeconds.toFixed(0)} s (${seeding.events} events; rollups in bulk ${seeding.rollupSeconds.toFixed(0)} s; today's ${seeding.queued} queued rows counted by the worker in ${seeding.workerSeconds.toFixed(1)} s)`,
    );
    const server = await startServer({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const reports: Figures["reports"] = [];
    let idleP99: number;
    let busyP99: number;
    let reportsDuringBusy = 0;
    try {
      const cookie = await signIn(server.port);
      for (const days of [7, 30, 90]) {
        for (const [name, query] of [
          [`${days}-day report`, `?days=${days}`],
          [`${days}-day report, source=organic_search`, `?days=${days}&source=organic_search`],
        ] as const) {
          const [median, p99] = await medianP99(
            server.port,
            `${adminApiPaths.analytics}${query}`,
            cookie,
          );
          reports.push({ name, median, p99 });
          console.log(
            `${label} ${count}: ${name}: median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
          );
        }
      }
      // The console's breakdown: every panel and the series beside the previous period, plain and filtered.
      for (const [name, query] of [
        ["90-day breakdown", "?range=90d"],
        [
          "90-day breakdown, 2 sources + landing page",
          "?range=90d&source=organic_search&source=organic_social&landing=%2Fpricing",
        ],
        ["90-day breakdown, channel", "?range=90d&source=organic_search"],
        ["90-day breakdown, campaign", "?range=90d&campaign=campaign-0"],
        // The host with the most visits: the filter that matches the most rows.
        ["90-day breakdown, host", "?range=90d&host=www.google.com"],
        ["today's breakdown", "?range=today"],
        ["12-month breakdown", "?range=12m"],
      ] as const) {
        const [median, p99] = await medianP99(
          server.port,
          `${adminApiPaths.analyticsBreakdown}${query}`,
          cookie,
        );
        reports.push({ name, median, p99 });
        console.log(
          `${label} ${count}: ${name}: median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        );
      }
      const [median, p99] = await medianP99(server.port, adminApiPaths.messages, cookie);
      reports.push({ name: "first inbox page", median, p99 });
      idleP99 = await visitorP99(server.port);
      let running = true;
      const loop = (async () => {
        while (running) {
          const query = reportsDuringBusy % 2 === 0 ? "?days=90" : "?days=90&source=organic_search";
          await timed(server.port, `${adminApiPaths.analytics}${query}`, cookie);
          reportsDuringBusy++;
        }
      })();
      busyP99 = await visitorP99(server.port);
      running = false;
      await loop;
      console.log(
        `${label} ${count}: GET / p99 ${idleP99} ms idle, ${busyP99} ms during ${reportsDuringBusy} reports`,
      );
    } finally {
      await stopServer(server.process);
    }
    const reopened = await openDatabase({ dataDir, databaseUrl });
    const bytes = await databaseSize(reopened, dataDir).finally(() => reopened.close());
    return {
      database: label,
      visits: count,
      ...seeding,
      reports,
      idleP99,
      busyP99,
      reportsDuringBusy,
      bytesPerMillion: bytes / (count / 1_000_000),
    };
  } finally {
    if (!keepDir) await rm(dataDir, { recursive: true, force: true });
  }
}

function markdown(all: Figures[]): string {
  const load = loadavg()[0]?.toFixed(1) ?? "?";
  const ms = (value: number) => value.toFixed(1);
  const names = all[0]?.reports.map((r) => r.name) ?? [];
  // A database kept from an earlier run (--keep) was not seeded by this one.
  const kept = "kept, not seeded by this run";
  return [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, with \`npm run bench:analytics -- --visits ${sizes.join(",")}${args.postgres ? " --postgres <url>" : ""}${args.only ? ` --only ${args.only}` : ""}${args.keep ? " --keep DIR" : ""}\` (one-minute load average ${load} at the end). Visits spread over ${spanDays} days (26 landing paths, 500 referrer hosts with a long tail, 20 campaigns each with one utm_source and utm_medium, landing on one or two pages from the referrers its links were posted on, 5% bots; each visit's channel as the server classifies it), about five events a visit (pageviews, and now and then a call to action), a contact message per 500 visits; the server runs in its own process with the site served. Reports: median / p99 of ${reportRuns} sequential requests, in ms. Visitor: \`GET /\` p99 (autocannon, 10 connections, 5 s) with the console idle, then while 90-day reports run back to back.`,
    "",
    `| measure | ${all.map((f) => `${f.database} ${f.visits.toLocaleString("en")}`).join(" | ")} |`,
    `|---|${all.map(() => "---").join("|")}|`,
    ...names.map(
      (name) =>
        `| ${name} | ${all
          .map((f) => {
            const r = f.reports.find((report) => report.name === name);
            return r ? `${ms(r.median)} / ${ms(r.p99)}` : "";
          })
          .join(" | ")} |`,
    ),
    `| GET / p99 idle, ms | ${all.map((f) => String(f.idleP99)).join(" | ")} |`,
    `| GET / p99 during reports, ms | ${all.map((f) => `${f.busyP99} (${f.reportsDuringBusy} reports)`).join(" | ")} |`,
    `| ratio busy / idle | ${all.map((f) => (f.busyP99 / Math.max(f.idleP99, 1)).toFixed(2)).join(" | ")} |`,
    `| database size per million visits | ${all.map((f) => `${(f.bytesPerMillion / 2 ** 20).toFixed(0)} MiB`).join(" | ")} |`,
    `| seeding time | ${all.map((f) => (f.seedSeconds > 0 ? `${f.seedSeconds.toFixed(0)} s` : kept)).join(" | ")} |`,
    `| of which the rollups of the days before today, in bulk | ${all.map((f) => (f.seedSeconds > 0 ? `${f.rollupSeconds.toFixed(0)} s` : kept)).join(" | ")} |`,
    `| events seeded | ${all.map((f) => (f.seedSeconds > 0 ? f.events.toLocaleString("en") : kept)).join(" | ")} |`,
    `| today's visits and events, counted by the rollup worker's passes | ${all.map((f) => (f.workerSeconds > 0 ? `${f.queued.toLocaleString("en")} in ${f.workerSeconds.toFixed(1)} s: ${(f.queued / f.workerSeconds).toFixed(0)} a second` : "")).join(" | ")} |`,
  ].join("\n");
}

const all: Figures[] = [];
for (const count of sizes) {
  if (args.only !== "postgres") {
    all.push(
      await benchDatabase(
        "SQLite",
        count,
        undefined,
        args.keep ? join(args.keep, String(count)) : undefined,
      ),
    );
  }
  if (args.postgres && args.only !== "sqlite") {
    const adminUrl = args.postgres;
    const run = (url: string) => benchDatabase("PostgreSQL", count, url);
    all.push(
      args.keep
        ? await run(await keptPostgres(adminUrl, `bp_bench_analytics_keep_${count}`))
        : await withPostgres(adminUrl, run, "bp_bench_analytics"),
    );
  }
}
const section = markdown(all);
console.log(`\n${section}\n`);
if (!args["no-write"]) await writePerformanceSection("analytics", "Analytics", section);
