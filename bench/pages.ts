// `npm run bench`: Lighthouse (mobile, simulated throttling, Debian Chromium) on every route, beside
// the no-JavaScript limit of each page and the same app built as a client-rendered SPA.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { siteRoutes } from "../app/config/paths.ts";
import { buildApp } from "../server/app.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "../server/db/database.ts";
import { parseEnv } from "../server/env.ts";
import { buildLimitVariant, buildSpaVariant, projectDir } from "./page-variants.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    routes: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(args.runs));
const spaPaths = ["/", "/pricing", "/event-types/flea-markets"];
const selectedPaths = args.routes ? args.routes.split(",") : siteRoutes.map((r) => r.path);

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

interface Row extends Measure {
  path: string;
  variant: "ours" | "limit" | "spa";
  lcpRatioToLimit?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

interface Server {
  origin: string;
  close: () => Promise<void>;
}

/**
 * The site as production serves it, functions included: without them the page's referrer call answers
 * 404, logs an error, and Lighthouse's console-errors audit marks best practices down for it.
 */
async function serve(buildDir: string, database: AppDatabase): Promise<Server> {
  const app = await buildApp({ env: parseEnv({ RATE_LIMIT: "off" }), buildDir, database });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin: address, close: () => app.close() };
}

/** SPA control pages Lighthouse could not measure at all: reported with the figures. */
const spaFailures: string[] = [];

/** Lighthouse runs that failed and were repeated, by error code: reported with the figures. */
const failedRuns = new Map<string, number>();

async function measure(port: number, url: string): Promise<Measure> {
  const samples: Measure[] = [];
  let failures = 0;
  while (samples.length < runs) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not finish (on this Chromium, now and then NO_NAVSTART: no navigation
    // in the trace) has no figures: its zeros would pull the median down, so it is repeated and
    // counted instead. A page that fails every time still stops the benchmark.
    if (runtimeError || categories.performance?.score == null) {
      failures++;
      const code = runtimeError?.code ?? "NO_SCORE";
      failedRuns.set(code, (failedRuns.get(code) ?? 0) + 1);
      console.error(`Lighthouse run failed on ${url} (${code}), repeating it`);
      if (failures > runs + 3) throw new Error(`Lighthouse failed ${failures} times on ${url}`);
      continue;
    }
    const items =
      (
        audits["resource-summary"]?.details as {
          items?: { resourceType: string; transferSize: number }[];
        }
      )?.items ?? [];
    const bytes = (type: string) =>
      items.find((item) => item.resourceType === type)?.transferSize ?? 0;
    samples.push({
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      bestPractices: categories["best-practices"]?.score ?? 0,
      seo: categories.seo?.score ?? 0,
      lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
      fcp: audits["first-contentful-paint"]?.numericValue ?? 0,
      tbt: audits["total-blocking-time"]?.numericValue ?? 0,
      cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
      jsBytes: bytes("script"),
      totalBytes: bytes("total"),
    });
  }
  const keys = Object.keys(samples[0] ?? {}) as (keyof Measure)[];
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((s) => s[key]))]),
  ) as unknown as Measure;
}

const fmt = {
  score: (n: number) => n.toFixed(2),
  ms: (n: number) => `${Math.round(n)}`,
  kb: (n: number) => (n / 1024).toFixed(1),
  cls: (n: number) => n.toFixed(3),
};

function tableLines(rows: Row[]): string[] {
  const header =
    "| route | variant | perf | a11y | best | seo | LCP ms | FCP ms | TBT ms | CLS | JS KiB | total KiB | LCP / limit |";
  const lines = [header, `|${"---|".repeat(13)}`];
  for (const r of rows) {
    lines.push(
      `| ${r.path} | ${r.variant} | ${fmt.score(r.performance)} | ${fmt.score(r.accessibility)} | ${fmt.score(r.bestPractices)} | ${fmt.score(r.seo)} | ${fmt.ms(r.lcp)} | ${fmt.ms(r.fcp)} | ${fmt.ms(r.tbt)} | ${fmt.cls(r.cls)} | ${fmt.kb(r.jsBytes)} | ${fmt.kb(r.totalBytes)} | ${r.lcpRatioToLimit === undefined ? "" : r.lcpRatioToLimit.toFixed(2)} |`,
    );
  }
  return lines;
}

/** Every selected route on our site and its limit, then the SPA control, in one Chromium. */
async function measureAll(servers: { ours: Server; limit: Server; spa?: Server | undefined }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const rows: Row[] = [];
  try {
    for (const path of selectedPaths) {
      const ours = await measure(chrome.port, `${servers.ours.origin}${path}`);
      const limit = await measure(chrome.port, `${servers.limit.origin}${path}`);
      const row: Row = { path, variant: "ours", ...ours, lcpRatioToLimit: ours.lcp / limit.lcp };
      rows.push(row, { path, variant: "limit", ...limit });
      console.log(tableLines([row]).at(-1));
    }
    const { spa } = servers;
    for (const path of spaPaths.filter((p) => selectedPaths.includes(p))) {
      if (!spa) break;
      // A control that cannot be measured is reported; it must not throw away the figures of every route.
      const measured = await measure(chrome.port, `${spa.origin}${path}`).catch((error: Error) => {
        spaFailures.push(`${path}: ${error.message}`);
        return undefined;
      });
      if (!measured) continue;
      const limitLcp =
        rows.find((r) => r.path === path && r.variant === "limit")?.lcp ?? Number.NaN;
      rows.push({ path, variant: "spa", ...measured, lcpRatioToLimit: measured.lcp / limitLcp });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

async function main(): Promise<void> {
  const buildDir = join(projectDir, "build");
  if (!args["no-build"]) {
    const build = spawnSync("npm", ["run", "build"], {
      cwd: projectDir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("build failed");
  }
  const benchDir = join(projectDir, "build-bench");
  await buildLimitVariant(buildDir, join(benchDir, "limit"));
  let spaBuilt = true;
  try {
    await buildSpaVariant(buildDir, join(benchDir, "spa"));
  } catch (error) {
    // Reported in the output and the document rather than hiding our own figures.
    spaBuilt = false;
    console.error(`SPA control not measured: ${(error as Error).message}`);
  }

  // The machine may be shared: its load goes into the document with the figures.
  const loadBefore = loadavg()[0] ?? 0;
  // One throwaway SQLite database for every server: the referrer calls of all runs land there.
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-bench-pages-"));
  const database = await openDatabase({ dataDir });
  const servers: Server[] = [];
  const rows: Row[] = [];
  try {
    await migrateToLatest(database);
    const start = async (dir: string) => {
      const server = await serve(dir, database);
      servers.push(server);
      return server;
    };
    const ours = await start(buildDir);
    const limit = await start(join(benchDir, "limit"));
    const spa = spaBuilt ? await start(join(benchDir, "spa")) : undefined;
    rows.push(...(await measureAll({ ours, limit, spa })));
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const loadAfter = loadavg()[0] ?? 0;
  const load = `1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`;
  const table = tableLines(rows);
  console.log(`\n${table.join("\n")}`);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const date = new Date().toISOString().slice(0, 10);
  const command = `npm run bench -- --runs ${runs}${args.routes ? ` --routes ${args.routes}` : ""}`;
  await mkdir(join(projectDir, "docs"), { recursive: true });
  await writeFile(
    join(projectDir, "docs", "performance-pages.json"),
    `${JSON.stringify({ date, machine, load, command, runs, failedRuns: Object.fromEntries(failedRuns), rows }, null, 2)}\n`,
  );
  const notes = [
    ...(spaBuilt
      ? []
      : [
          "The SPA control could not be built in this run (see the command's output), so it has no rows.",
        ]),
    ...(spaFailures.length === 0
      ? []
      : [`The SPA control could not be measured on: ${spaFailures.join("; ")}.`]),
    ...(failedRuns.size === 0
      ? []
      : [
          `Lighthouse runs that failed and were repeated: ${[...failedRuns].map(([code, n]) => `${n} × ${code}`).join(", ")}.`,
        ]),
  ];
  const section = [
    "<!-- pages:start -->",
    `Measured ${date} on ${machine} (${load}) with \`${command}\` (Lighthouse mobile preset, simulated throttling, Debian Chromium; median of ${runs} runs per page). "limit" is the same page with every script and modulepreload removed; "spa" is the same app built as a client-rendered SPA.`,
    "",
    ...notes.flatMap((note) => [note, ""]),
    ...table,
    "<!-- pages:end -->",
  ].join("\n");
  const docFile = join(projectDir, "docs", "performance.md");
  let doc = await readFile(docFile, "utf8").catch(
    () => "# Performance\n\n## Pages\n\n<!-- pages:start -->\n<!-- pages:end -->\n",
  );
  if (!doc.includes("<!-- pages:start -->"))
    doc += "\n## Pages\n\n<!-- pages:start -->\n<!-- pages:end -->\n";
  doc = doc.replace(/<!-- pages:start -->[\s\S]*<!-- pages:end -->/, section);
  await writeFile(docFile, doc);
  console.log("\nwrote docs/performance.md and docs/performance-pages.json");
}

await main();
