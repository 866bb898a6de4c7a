// Vitest global setup: finds a PostgreSQL server for the storage tests (TEST_DATABASE_URL, else the local
// Debian cluster, started if it is down) and drops this run's test databases at the end. When none can be
// reached, the PostgreSQL tests fail with the reason (they are never skipped); the other tests still run.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";

export type PostgresForTests = { adminUrl: string; prefix: string } | { error: string };

declare module "vitest" {
  export interface ProvidedContext {
    postgres: PostgresForTests;
  }
}

const localRole = "boothpilot_test";

async function tryConnect(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Starts the first Debian cluster (as root) and creates the test role; returns its URL. */
async function startLocalCluster(): Promise<string> {
  if (process.getuid?.() !== 0)
    throw new Error("not running as root, cannot start the local cluster");
  const line = run("pg_lsclusters", ["--no-header"]).trim().split("\n")[0];
  const [version, cluster, port] = line?.split(/\s+/) ?? [];
  if (!version || !cluster || !port) throw new Error("pg_lsclusters lists no PostgreSQL cluster");
  try {
    run("pg_ctlcluster", [version, cluster, "start"]);
  } catch {
    // Already running: fine.
  }
  const psql = (sql: string) =>
    run("runuser", ["-u", "postgres", "--", "psql", "-p", port, "-qAtc", sql]);
  for (let attempt = 0; ; attempt++) {
    try {
      psql("select 1");
      break;
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  psql(
    `do $$ begin if not exists (select from pg_roles where rolname = '${localRole}') then create role ${localRole} login superuser password '${localRole}'; end if; end $$;`,
  );
  return `postgres://${localRole}:${localRole}@127.0.0.1:${port}/postgres`;
}

async function findPostgres(): Promise<PostgresForTests> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    const failure = await tryConnect(fromEnv);
    return failure
      ? { error: `TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${failure}` }
      : { adminUrl: fromEnv, prefix: "" };
  }
  const localUrl = `postgres://${localRole}:${localRole}@127.0.0.1:5432/postgres`;
  if ((await tryConnect(localUrl)) === null) return { adminUrl: localUrl, prefix: "" };
  try {
    const started = await startLocalCluster();
    const failure = await tryConnect(started);
    if (failure === null) return { adminUrl: started, prefix: "" };
    return { error: `started the local PostgreSQL cluster but cannot log in: ${failure}` };
  } catch (error) {
    return {
      error: `No PostgreSQL for the storage tests: set TEST_DATABASE_URL (see .ci/run) or install the Debian package postgresql (${(error as Error).message})`,
    };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const found = await findPostgres();
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const postgres =
    "adminUrl" in found
      ? { ...found, prefix: `bp_test_${stamp}_${randomBytes(3).toString("hex")}` }
      : found;
  project.provide("postgres", postgres);
  return async () => {
    if (!("adminUrl" in postgres)) return;
    const client = new pg.Client({ connectionString: postgres.adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${postgres.prefix}%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    } finally {
      await client.end();
    }
  };
}
