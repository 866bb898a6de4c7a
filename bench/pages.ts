// `npm run bench`: Lighthouse (mobile, simulated throttling, Debian Chromium) on a representative set of routes
// (`--routes all` for every route), each beside the same page without its scripts, the same page with its
// Cross-Origin-Opener-Policy header flipped, and (with `--spa`) the same app built as a client-rendered SPA; pages
// load through deploy/nginx.conf (HTTP/2 over TLS, as production serves them) unless `--no-proxy`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { siteRoutes } from "../app/config/paths.ts";
import { buildApp } from "../server/app.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "../server/db/database.ts";
import { parseEnv } from "../server/env.ts";
import { nginxBinary, startShippedNginx } from "../server/test/shipped-nginx.ts";
import { machine, writePerformanceSection } from "./helpers.ts";
import { buildLimitVariant, buildSpaVariant, projectDir } from "./page-variants.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    routes: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "build-dir": { type: "string" },
    spa: { type: "boolean", default: false },
    coop: { type: "boolean", default: true },
    proxy: { type: "boolean", default: true },
  },
  allowNegative: true,
});
// Single Lighthouse runs of one page swing by 100 ms of TBT or more here: medians of at least five.
const runs = Math.max(1, Number(args.runs));
const spaPaths = ["/", "/pricing", "/event-types/flea-markets"];
/**
 * Every route takes about an hour at five runs and three variants: by default one page of each kind (home, the
 * form, the calculator, an event type, a feature with its demo, a legal text).
 */
export const representativePaths = [
  "/",
  "/contact",
  "/pricing",
  "/event-types/flea-markets",
  "/features/interactive-venue-mapping",
  "/privacy-policy",
];
const selectedPaths =
  args.routes === "all"
    ? siteRoutes.map((r) => r.path)
    : args.routes
      ? args.routes.split(",")
      : representativePaths;

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

/** ours: the site as served; limit: without scripts; +coop / -coop: ours with COOP added or removed; spa. */
type Variant = "ours" | "limit" | "+coop" | "-coop" | "spa";

interface Row extends Measure {
  path: string;
  variant: Variant;
  lcpRatioToLimit?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

interface Server {
  /** Where Lighthouse loads the pages: through nginx (HTTPS) by default. */
  origin: string;
  /** The instance itself, over plain HTTP: for this script's own requests. */
  directOrigin: string;
  close: () => Promise<void>;
}

/**
 * The site as production serves it, functions included: without them the page's referrer call answers
 * 404, logs an error, and Lighthouse's console-errors audit marks best practices down for it.
 */
async function serve(
  buildDir: string,
  database: AppDatabase,
  openerPolicy?: "add" | "remove",
): Promise<Server> {
  const app = await buildApp({ env: parseEnv({ RATE_LIMIT: "off" }), buildDir, database });
  // The same answers with only Cross-Origin-Opener-Policy changed, on documents (assets never carry it).
  if (openerPolicy)
    app.addHook("onSend", (request, reply, payload, done) => {
      if (request.url.startsWith("/assets/")) return done(null, payload);
      if (openerPolicy === "add") reply.header(coopHeader, "same-origin");
      else reply.removeHeader(coopHeader);
      done(null, payload);
    });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  if (!args.proxy) return { origin: address, directOrigin: address, close: () => app.close() };
  // As phones get pages in production: deploy/nginx.conf in front, HTTP/2 over TLS (docs/deploy.md).
  const port = Number(new URL(address).port);
  const dir = await mkdtemp(join(tmpdir(), "boothpilot-bench-nginx-"));
  // As root nginx's workers run as another user: they write their temporary files here.
  await chmod(dir, 0o777);
  const nginx = await startShippedNginx(dir, [port, port]);
  return {
    origin: `https://127.0.0.1:${nginx.httpsPort}`,
    directOrigin: address,
    close: async () => {
      await nginx.stop();
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const coopHeader = "cross-origin-opener-policy";

/** SPA control pages Lighthouse could not measure at all: reported with the figures. */
const spaFailures: string[] = [];

/** Lighthouse runs that failed and were repeated, by error code: reported with the figures. */
const failedRuns = new Map<string, number>();

/** One Lighthouse run that produced figures, repeating runs Lighthouse could not finish. */
async function measureOnce(port: number, url: string): Promise<Measure> {
  let failures = 0;
  for (;;) {
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
      if (failures > 5) throw new Error(`Lighthouse failed ${failures} times on ${url}`);
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
    return {
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
    };
  }
}

function medians(samples: Measure[]): Measure {
  const keys = Object.keys(samples[0] ?? {}) as (keyof Measure)[];
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((s) => s[key]))]),
  ) as unknown as Measure;
}

/**
 * `runs` runs of each variant of one page, interleaved (ours, limit, flipped, ours, ...), so that a change in the
 * machine's load falls on every variant alike; medians per variant.
 */
async function measureInterleaved(port: number, urls: readonly string[]): Promise<Measure[]> {
  const samples: Measure[][] = urls.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [index, url] of urls.entries()) samples[index]?.push(await measureOnce(port, url));
  }
  return samples.map(medians);
}

async function measure(port: number, url: string): Promise<Measure> {
  return (await measureInterleaved(port, [url]))[0] as Measure;
}

const fmt = {
  score: (n: number) => n.toFixed(2),
  ms: (n: number) => `${Math.round(n)}`,
  kb: (n: number) => (n / 1024).toFixed(1),
  cls: (n: number) => n.toFixed(3),
};

function tableLines(rows: Row[]): string[] {
  const header =
    "| route | variant | perf | a11y | best | seo | LCP ms | FCP ms | TBT ms | CLS | JS at load KiB | transferred KiB | LCP / limit |";
  const lines = [header, `|${"---|".repeat(13)}`];
  for (const r of rows) {
    lines.push(
      `| ${r.path} | ${r.variant} | ${fmt.score(r.performance)} | ${fmt.score(r.accessibility)} | ${fmt.score(r.bestPractices)} | ${fmt.score(r.seo)} | ${fmt.ms(r.lcp)} | ${fmt.ms(r.fcp)} | ${fmt.ms(r.tbt)} | ${fmt.cls(r.cls)} | ${fmt.kb(r.jsBytes)} | ${fmt.kb(r.totalBytes)} | ${r.lcpRatioToLimit === undefined ? "" : r.lcpRatioToLimit.toFixed(2)} |`,
    );
  }
  return lines;
}

/** Every selected route on our site and its limit, then the SPA control, in one Chromium. */
async function measureAll(servers: {
  ours: Server;
  limit: Server;
  coopAdded?: Server | undefined;
  coopRemoved?: Server | undefined;
  spa?: Server | undefined;
}) {
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
      // nginx's certificate is self-signed for the run.
      ...(args.proxy ? ["--ignore-certificate-errors"] : []),
    ],
  });
  const rows: Row[] = [];
  try {
    for (const path of selectedPaths) {
      // The flipped variant: COOP removed where the server sends it, added where it does not.
      const sent = (await fetch(`${servers.ours.directOrigin}${path}`)).headers.has(coopHeader);
      const flipped = sent ? servers.coopRemoved : servers.coopAdded;
      const urls = [servers.ours, servers.limit, ...(flipped ? [flipped] : [])].map(
        (server) => `${server.origin}${path}`,
      );
      const [ours, limit, other] = (await measureInterleaved(chrome.port, urls)) as [
        Measure,
        Measure,
        Measure | undefined,
      ];
      const lines: Row[] = [
        { path, variant: "ours", ...ours, lcpRatioToLimit: ours.lcp / limit.lcp },
        { path, variant: "limit", ...limit, lcpRatioToLimit: 1 },
        ...(other
          ? [
              {
                path,
                variant: sent ? "-coop" : "+coop",
                ...other,
                lcpRatioToLimit: other.lcp / limit.lcp,
              } satisfies Row,
            ]
          : []),
      ];
      rows.push(...lines);
      console.log(tableLines(lines).slice(2).join("\n"));
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
  if (args.proxy && !existsSync(nginxBinary))
    throw new Error(
      `no nginx at ${nginxBinary}: install Debian's nginx, or pass --no-proxy to load pages from the server directly`,
    );
  const buildDir = args["build-dir"] ?? join(projectDir, "build");
  if (!args["no-build"] && !args["build-dir"]) {
    const build = spawnSync("npm", ["run", "build"], {
      cwd: projectDir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("build failed");
  }
  const benchDir = join(projectDir, "build-bench");
  await buildLimitVariant(buildDir, join(benchDir, "limit"));
  let spaBuilt = args.spa;
  try {
    if (spaBuilt) await buildSpaVariant(buildDir, join(benchDir, "spa"));
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
    const start = async (dir: string, openerPolicy?: "add" | "remove") => {
      const server = await serve(dir, database, openerPolicy);
      servers.push(server);
      return server;
    };
    const ours = await start(buildDir);
    const limit = await start(join(benchDir, "limit"));
    const coopAdded = args.coop ? await start(buildDir, "add") : undefined;
    const coopRemoved = args.coop ? await start(buildDir, "remove") : undefined;
    const spa = spaBuilt ? await start(join(benchDir, "spa")) : undefined;
    rows.push(...(await measureAll({ ours, limit, coopAdded, coopRemoved, spa })));
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const loadAfter = loadavg()[0] ?? 0;
  const load = `1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`;
  const table = tableLines(rows);
  console.log(`\n${table.join("\n")}`);
  const date = new Date().toISOString().slice(0, 10);
  const command = `npm run bench -- --runs ${runs}${args.routes ? ` --routes ${args.routes}` : ""}${args.spa ? " --spa" : ""}${args.coop ? "" : " --no-coop"}${args.proxy ? "" : " --no-proxy"}`;
  await mkdir(join(projectDir, "docs"), { recursive: true });
  await writeFile(
    join(projectDir, "docs", "performance-pages.json"),
    `${JSON.stringify({ date, machine, load, command, runs, failedRuns: Object.fromEntries(failedRuns), rows }, null, 2)}\n`,
  );
  const notes = [
    ...(spaBuilt || !args.spa
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
    `Measured ${date} on ${machine()} (${load}) with \`${command}\` (Lighthouse mobile preset, simulated throttling, Debian Chromium; ${args.proxy ? "pages loaded through deploy/nginx.conf, HTTP/2 over TLS, as production serves them" : "pages loaded from the server directly, HTTP/1.1 without TLS"}; median of ${runs} runs per page, the variants of a page interleaved run by run). "limit" is the same page, served with the same headers, with every script and modulepreload removed; "-coop" and "+coop" are the same page with only its \`Cross-Origin-Opener-Policy: same-origin\` header removed or added; "spa" (with \`--spa\`) is the same app built as a client-rendered SPA.`,
    "",
    ...notes.flatMap((note) => [note, ""]),
    ...table,
  ].join("\n");
  await writePerformanceSection("pages", "Pages", section);
}

await main();
