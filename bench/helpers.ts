// Helpers the benchmarks share: a scratch or kept PostgreSQL database, percentiles, the machine, their docs section.
import { readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import pg from "pg";

const performanceFile = join(import.meta.dirname, "..", "docs", "performance.md");

/** The URL of the database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` with the URL of a new database on the server of `adminUrl`, then drops that database. */
export async function withPostgres<T>(
  adminUrl: string,
  run: (url: string) => Promise<T>,
  prefix = "bp_bench",
): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    return await run(databaseUrl(adminUrl, name));
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** The URL of the database `name` on the server of `adminUrl`, made if missing and kept afterwards. */
export async function keptPostgres(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

/** The nearest-rank percentile `p` (0 to 1) of ascending `sorted` values: 1 is the largest. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

/** The machine a table was measured on: cores, CPU model, memory and Node. */
export function machine(): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * Puts `section` between `<!-- name:start -->` and `<!-- name:end -->` in docs/performance.md, replacing what a
 * previous run wrote there, or appends it under `## heading` the first time.
 */
export async function writePerformanceSection(
  name: string,
  heading: string,
  section: string,
): Promise<void> {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const doc = await readFile(performanceFile, "utf8").catch(() => "# Performance\n");
  const block = `${start}\n${section}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const updated =
    from >= 0 && to > from
      ? `${doc.slice(0, from)}${block}${doc.slice(to + end.length)}`
      : `${doc.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  await writeFile(performanceFile, updated);
  console.log(`updated ${performanceFile}`);
}
