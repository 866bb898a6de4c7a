// `npm run bench:api`: autocannon against the two server functions, each beside a bare node:http JSON echo in
// the same run. The server runs as in production (its own process, durable commits, request logging at
// LOG_LEVEL), with RATE_LIMIT=off; every track-referrer call has a new session_id, every track-event call is a
// new pageview or click of a session stored before it (as a page sends them), and every contact message differs,
// so each request is a committed write. Prints requests per second, p99 latency and the ratio to the
// echo, checks that the database holds one row per 2xx answer, and updates the API section of
// docs/performance.md.
//
// Echo and function runs alternate for --rounds rounds; the table holds each one's median round. Beside the
// rates it reports the server process's CPU time per request (from /proc), which a busy machine disturbs less.
// With --rates, each function is then sent each of those steady rates (api-paced.ts), and the echo beside it.
//
//   npm run bench:api -- [--duration 10] [--rounds 3] [--connections 50] [--postgres <admin URL>]
//                        [--log-level info] [--only track-referrer|track-event|submit-contact-form]
//                        [--no-write] [--rates 1000,2000] [--cpu-prof <folder>]
//
// With --cpu-prof, each server (the instances' runs too) writes its threads' V8 CPU profiles into the folder (open
// them in Chrome's DevTools), and the run prints where each database's server spent its main thread's busy time
// (cpu-profile.ts): best with --only.
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { contactFormPath } from "../contracts/contact-form.ts";
import { trackEventPath } from "../contracts/track-event.ts";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { type DatabaseConfig, openDatabase } from "../server/db/database.ts";
import { sqliteSynchronous } from "../server/db/sqlite.ts";
import { freePort } from "../server/test/server-process.ts";
import { compareInstances, type InstancesRow, instancesMarkdown } from "./api-instances.ts";
import {
  type Child,
  load,
  type Measured,
  measure,
  median,
  type Row,
  row,
  Sessions,
  startChild,
  type Target,
} from "./api-load.ts";
import { type PacedRun, paced } from "./api-paced.ts";
import { cpuShares, sharesText } from "./cpu-profile.ts";
import { machine, withPostgres, writePerformanceSection } from "./helpers.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL },
    "log-level": { type: "string", default: "info" },
    only: { type: "string" },
    "no-write": { type: "boolean", default: false },
    rates: { type: "string" },
    "cpu-prof": { type: "string" },
  },
});
const duration = Number(args.duration);
const rounds = Math.max(1, Number(args.rounds));
const connections = Number(args.connections);
/** The profiles' folder, absolute: the server runs in the project folder, which need not be this process's. */
const profileDir = args["cpu-prof"] ? resolve(args["cpu-prof"]) : undefined;
const steadyRates = (args.rates ?? "").split(",").filter(Boolean).map(Number);
if (steadyRates.some((rate) => !Number.isFinite(rate) || rate <= 0)) {
  throw new Error(
    `--rates takes requests per second above 0, separated by commas: got "${args.rates}"`,
  );
}

/** A function's run at a steady rate, and the echo's p99 at the same rate. */
interface PacedRow extends PacedRun {
  database: string;
  target: Target;
  echoP99: number;
}

async function countRows(config: DatabaseConfig): Promise<Record<Target, number>> {
  const database = await openDatabase(config);
  try {
    const count = async (table: "referrer_visits" | "site_events" | "contact_messages") => {
      const result = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(result.n);
    };
    return {
      "track-referrer": await count("referrer_visits"),
      "track-event": await count("site_events"),
      "submit-contact-form": await count("contact_messages"),
    };
  } finally {
    await database.close();
  }
}

/** A port that was free a moment ago. */

/** Starts `node server/main.ts` (its own process, as in production) and waits until /healthz answers. */
async function startApp(config: DatabaseConfig): Promise<Child> {
  const port = await freePort();
  const app = await startChild(
    [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "server/main.ts"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: config.dataDir,
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      SERVE_SITE: "off",
      RATE_LIMIT: "off",
      LOG_LEVEL: args["log-level"],
    },
    null,
  );
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { ...app, port };
    } catch (error) {
      if (attempt > 150 || app.process.exitCode !== null) {
        throw new Error(`the server did not start: ${app.output()}`, { cause: error });
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Warms both servers up (JIT, connections, the database's first pages), then alternates measured runs of the echo
 * and the app for --rounds rounds: the echo's and the app's median rounds, and the 2xx answers the app gave.
 */
async function againstEcho(
  label: string,
  target: Target,
  path: string,
  app: Child,
  echo: Child,
  sessions: Sessions,
): Promise<{ rows: Row[]; ok: number }> {
  await load(echo.port, path, target, 2, connections);
  let ok = (await load(app.port, path, target, 2, connections, sessions))["2xx"];
  const echoRuns: Measured[] = [];
  const appRuns: Measured[] = [];
  for (let round = 0; round < rounds; round++) {
    echoRuns.push(await measure(echo, path, target, duration, connections));
    const appRun = await measure(app, path, target, duration, connections, sessions);
    ok += appRun.result["2xx"];
    appRuns.push(appRun);
  }
  const rate = (run: Measured) => run.result.requests.average;
  const echoRow = row(label, `echo (${target} payload)`, median(echoRuns, rate));
  const appRow = row(label, target, median(appRuns, rate));
  appRow.ratio = appRow.rps / echoRow.rps;
  console.log(
    `${label} ${target}: ${appRow.rps.toFixed(0)} req/s, p99 ${appRow.p99} ms, ${appRow.cpu.toFixed(0)} µs CPU/req; echo ${echoRow.rps.toFixed(0)} req/s, p99 ${echoRow.p99} ms, ${echoRow.cpu.toFixed(0)} µs CPU/req; ratio ${appRow.ratio.toFixed(2)} (rounds: ${appRuns.map((run, i) => `${rate(run).toFixed(0)}/${rate(echoRuns[i]!).toFixed(0)}`).join(", ")})`,
  );
  return { rows: [echoRow, appRow], ok };
}

async function benchDatabase(
  label: string,
  config: DatabaseConfig,
  echo: Child,
): Promise<{ rows: Row[]; pacedRows: PacedRow[] }> {
  const app = await startApp(config);
  const sessions = new Sessions();
  const rows: Row[] = [];
  const pacedRows: PacedRow[] = [];
  const okCounts: Record<Target, number> = {
    "track-referrer": 0,
    "track-event": 0,
    "submit-contact-form": 0,
  };
  try {
    for (const [target, path] of [
      ["track-referrer", trackReferrerPath],
      ["track-event", trackEventPath],
      ["submit-contact-form", contactFormPath],
    ] as const) {
      if (args.only && args.only !== target) continue;
      // Events belong to stored visits: when the visits' run was left out, send some first.
      if (target === "track-event" && sessions.size === 0) {
        okCounts["track-referrer"] += (
          await load(app.port, trackReferrerPath, "track-referrer", 2, connections, sessions)
        )["2xx"];
      }
      const compared = await againstEcho(label, target, path, app, echo, sessions);
      okCounts[target] += compared.ok;
      rows.push(...compared.rows);
      for (const rate of steadyRates) {
        const options = { rate, seconds: duration, connections };
        const echoRun = await paced(echo.port, path, target, options);
        const run = await paced(app.port, path, target, { ...options, sessions });
        okCounts[target] += run.ok;
        pacedRows.push({ ...run, database: label, target, echoP99: echoRun.p99 });
        console.log(
          `${label} ${target} at ${rate}/s: answered ${run.answered.toFixed(0)}/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, max ${run.max.toFixed(0)} ms, ${run.failed} failed; echo p99 ${echoRun.p99.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await app.stop();
  }
  if (profileDir)
    await printProfile(
      profileDir,
      label,
      app,
      Object.values(okCounts).reduce((a, b) => a + b),
    );
  const stored = await countRows(config);
  for (const r of rows) {
    if (r.target in stored) r.stored = stored[r.target as Target];
  }
  // Requests still in flight when a load run stops are committed but not counted by autocannon: at most one per
  // connection and run (warm-up and measured rounds).
  const inFlight = (1 + rounds) * connections;
  for (const [target, count] of Object.entries(stored) as [Target, number][]) {
    const acknowledged = okCounts[target];
    if (count < acknowledged || count > acknowledged + inFlight) {
      throw new Error(
        `${label} ${target}: ${count} rows stored for ${acknowledged} acknowledged writes (+ at most ${inFlight} in flight)`,
      );
    }
  }
  console.log(
    `${label}: ${stored["track-referrer"]} visits, ${stored["track-event"]} events and ${stored["submit-contact-form"]} messages stored: every 2xx answer (warm-up included) and at most ${inFlight} cut off by the end of a run`,
  );
  return { rows, pacedRows };
}

/** Where the server's main thread spent its busy time over the whole run (warm-up and every target run). */
async function printProfile(
  folder: string,
  label: string,
  app: Child,
  answered: number,
): Promise<void> {
  // Node names the file CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile; thread 0 is the main thread.
  const name = (await readdir(folder)).find((file) => file.includes(`.${app.process.pid}.0.`));
  if (!name) throw new Error(`${label}: the server wrote no CPU profile into ${folder}`);
  const { busyMicros, shares } = await cpuShares(join(folder, name));
  console.log(
    `${label}: main thread busy ${(busyMicros / 1e6).toFixed(1)} s, ${(busyMicros / answered).toFixed(0)} µs per answered request (${answered}), by the nearest package or project file on the stack (${join(folder, name)}):\n${sharesText(busyMicros, shares, answered)}`,
  );
}

/** One-minute load average: the machine may be shared, and other work disturbs the figures. */
const machineLoad = () => loadavg()[0]?.toFixed(1) ?? "?";
const loadAtStart = machineLoad();

/**
 * The rate at which server and load generator together would use every core: what the row could reach if nothing
 * ever waited (no fsync, no idle gaps). A function below it is waiting, above it is impossible. On PostgreSQL the
 * database server's processes are not counted, so there it is higher than the true ceiling.
 */
const cpuBoundCeiling = (r: Row) => (cpus().length * 1_000_000) / (r.cpu + r.loadGeneratorCpu);

function pacedMarkdown(rows: PacedRow[]): string {
  return [
    `At steady rates (\`--rates ${steadyRates.join(",")}\`): a request due every 1/rate seconds for ${duration} s, answered or not, over at most ${connections} connections, each latency counted from when its request was due; the echo at the same rate beside it.`,
    "",
    "| database | target | req/s offered | answered req/s | p50 ms | p99 ms | max ms | failed | echo p99 ms |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.target} | ${r.offered} | ${r.answered.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.failed} | ${r.echoP99.toFixed(1)} |`,
    ),
  ].join("\n");
}

function markdown(rows: Row[]): string {
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `Measured ${date} on ${machine()}, with \`npm run bench:api -- --duration ${duration} --rounds ${rounds} --connections ${connections}${args.postgres ? " --postgres <url>" : ""}\`: autocannon, ${connections} connections, client and server on the same machine; after a 2 s warm-up, echo and function runs of ${duration} s alternate for ${rounds} rounds and each row is the median round (by req/s). The server runs as in production (own process, \`LOG_LEVEL=${args["log-level"]}\`, WAL + \`synchronous=${sqliteSynchronous}\` on SQLite, default \`synchronous_commit=on\` on PostgreSQL) with \`RATE_LIMIT=off\`; every request is a new committed row (a visit of a new session, its referrer, landing page, campaign and browser varying as a site's do; a pageview or click of a visit stored before it; a distinct message). The echo is a bare \`node:http\` server that parses the same JSON body and sends it back. CPU columns come from /proc: the server process (all threads), its main thread (the rest is the database driver, garbage collection and, on PostgreSQL, the rollup worker's thread), and this process (autocannon); the ceiling is the rate at which server and load generator together would keep every core busy (on PostgreSQL it leaves out the database server's own processes). One-minute load average ${loadAtStart} at the start, ${machineLoad()} at the end.`,
    "",
    "| database | target | req/s | p50 ms | p99 ms | 2xx | failed | server CPU µs/req | of which main thread | load generator CPU µs/req | CPU-bound ceiling req/s | ratio to echo |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.failed} | ${r.cpu.toFixed(0)} | ${r.mainThreadCpu.toFixed(0)} | ${r.loadGeneratorCpu.toFixed(0)} | ${cpuBoundCeiling(r).toFixed(0)} | ${r.ratio === undefined ? "" : r.ratio.toFixed(2)} |`,
    ),
    "",
    "After each run the database held a row for every 2xx answer.",
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const echo = await startChild(["bench/echo-server.ts"], {}, /listening (\d+)/);
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-bench-"));
  const rows: Row[] = [];
  const pacedRows: PacedRow[] = [];
  let instances: InstancesRow[] = [];
  try {
    const sqlite = await benchDatabase("SQLite", { dataDir }, echo);
    rows.push(...sqlite.rows);
    pacedRows.push(...sqlite.pacedRows);
    if (args.postgres) {
      const postgres = await withPostgres(args.postgres, (databaseUrl) =>
        benchDatabase("PostgreSQL", { dataDir, databaseUrl }, echo),
      );
      rows.push(...postgres.rows);
      pacedRows.push(...postgres.pacedRows);
      if (!args.only || args.only === "track-referrer") {
        instances = await withPostgres(args.postgres, (databaseUrl) =>
          compareInstances(() => startApp({ dataDir, databaseUrl }), {
            rounds,
            seconds: duration,
            connections,
          }),
        );
      }
    }
  } finally {
    await echo.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const section = [
    markdown(rows),
    ...(pacedRows.length > 0 ? ["", pacedMarkdown(pacedRows)] : []),
    ...(instances.length > 0 ? ["", instancesMarkdown(instances, connections)] : []),
  ].join("\n");
  console.log(`\n${section}\n`);
  if (!args["no-write"]) await writePerformanceSection("api", "API", section);
}

await main();
