// Vitest global setup: builds, once per run, the migrated templates every test database is copied from (a SQLite
// file, and a PostgreSQL database on TEST_DATABASE_URL or else the local Debian cluster, which it starts and gives a
// test role when run as root) and removes them and this run's test databases at the end. When a template cannot be
// built the tests of that dialect fail with the reason (they are never skipped); the other tests still run.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase, sqliteFileName } from "../db/database.ts";

/** Where the test databases of this run come from (server/test/storage.ts copies them), or why they cannot. */
export interface TestDatabaseTemplates {
  /** A migrated SQLite file, closed and checkpointed: copying the file alone copies the database. */
  sqlite: { file: string } | { error: string };
  /**
   * The server (a role that may create databases), this run's prefix of database names, and the migrated template
   * database (no connection is allowed on it, so that it can always be copied).
   */
  postgres:
    | { adminUrl: string; prefix: string; template: { name: string } | { error: string } }
    | { error: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabases: TestDatabaseTemplates;
  }
}

const localRole = "boothpilot_test";
/** Debian's PostgreSQL servers, one folder per major version. */
const serverDir = "/usr/lib/postgresql";

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

/** Runs one statement on the server as the test role (creating and dropping databases). */
export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
    // runuser lives in /usr/sbin, which a non-login root shell may leave off PATH.
    env: { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/sbin:/sbin` },
  });
}

/**
 * Starts a Debian cluster (as root) and creates the test role; returns its URL. A machine where the package was just
 * installed has a cluster that is down (policy-rc.d stops package scripts from starting it in a container), or none
 * when cluster creation was turned off: that one is created first.
 */
async function startLocalCluster(): Promise<string> {
  if (process.getuid?.() !== 0)
    throw new Error("not running as root, cannot start the local cluster");
  const list = () =>
    run("pg_lsclusters", ["--no-header"])
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length >= 3);
  let clusters = list();
  if (clusters.length === 0) {
    const versions = existsSync(serverDir) ? readdirSync(serverDir) : [];
    const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
    if (!newest) throw new Error(`no PostgreSQL server installed under ${serverDir}`);
    run("pg_createcluster", [newest, "main"]);
    clusters = list();
  }
  // The one on the default port when there are several: the URL tried before starting anything names it.
  const [version, cluster, port] = clusters.find((fields) => fields[2] === "5432") ??
    clusters[0] ?? [undefined, undefined, undefined];
  if (!version || !cluster || !port) throw new Error("pg_lsclusters lists no PostgreSQL cluster");
  let startError = "";
  try {
    // As root pg_ctlcluster runs the server as the cluster's owner (postgres).
    run("pg_ctlcluster", [version, cluster, "start"]);
  } catch (error) {
    // Exit code 2 says it is already running; anything else shows below if it never answers.
    startError = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
  }
  const psql = (statement: string) =>
    run("runuser", ["-u", "postgres", "--", "psql", "-p", port, "-qAtc", statement]);
  for (let attempt = 0; ; attempt++) {
    try {
      psql("select 1");
      break;
    } catch (error) {
      if (attempt >= 30) {
        throw new Error(
          `cluster ${version}/${cluster} does not answer: ${(error as Error).message} ${startError}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  psql(
    `do $$ begin if not exists (select from pg_roles where rolname = '${localRole}') then create role ${localRole} login superuser password '${localRole}'; end if; end $$;`,
  );
  return `postgres://${localRole}:${localRole}@127.0.0.1:${port}/postgres`;
}

/** TEST_DATABASE_URL when set (it must work), else the local cluster's test role, started if need be. */
async function findPostgres(): Promise<{ adminUrl: string } | { error: string }> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    const failure = await tryConnect(fromEnv);
    return failure
      ? { error: `TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${failure}` }
      : { adminUrl: fromEnv };
  }
  const localUrl = `postgres://${localRole}:${localRole}@127.0.0.1:5432/postgres`;
  if ((await tryConnect(localUrl)) === null) return { adminUrl: localUrl };
  try {
    const started = await startLocalCluster();
    const failure = await tryConnect(started);
    if (failure === null) return { adminUrl: started };
    return { error: `started the local PostgreSQL cluster but cannot log in: ${failure}` };
  } catch (error) {
    return {
      error: `No PostgreSQL for the storage tests: set TEST_DATABASE_URL (a role that may create databases) or install the Debian package postgresql and run the tests as root (${(error as Error).message})`,
    };
  }
}

/** The URL of another database on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function sqliteTemplate(folder: string): Promise<TestDatabaseTemplates["sqlite"]> {
  try {
    const database = await openDatabase({ dataDir: folder });
    try {
      await migrateToLatest(database);
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    } finally {
      // The last connection to close checkpoints and deletes the WAL and shared-memory files.
      await database.close();
    }
    const others = (await readdir(folder)).filter((name) => name !== sqliteFileName);
    if (others.length > 0) throw new Error(`files left beside ${sqliteFileName}: ${others}`);
    return { file: join(folder, sqliteFileName) };
  } catch (error) {
    return { error: `The SQLite template could not be built: ${(error as Error).message}` };
  }
}

async function postgresTemplate(
  adminUrl: string,
  prefix: string,
): Promise<{ name: string } | { error: string }> {
  const template = `${prefix}_template`;
  try {
    await adminQuery(adminUrl, `create database "${template}"`);
    const database = await openDatabase({
      dataDir: "",
      databaseUrl: databaseUrl(adminUrl, template),
    });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template: from now on no one can be.
    await adminQuery(adminUrl, `alter database "${template}" with allow_connections false`);
    return { name: template };
  } catch (error) {
    return { error: `The PostgreSQL template could not be built: ${(error as Error).message}` };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "boothpilot-template-"));
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const prefix = `bp_test_${stamp}_${randomBytes(3).toString("hex")}`;
  const found = await findPostgres();
  const templates: TestDatabaseTemplates = {
    sqlite: await sqliteTemplate(folder),
    postgres:
      "adminUrl" in found
        ? { ...found, prefix, template: await postgresTemplate(found.adminUrl, prefix) }
        : found,
  };
  project.provide("testDatabases", templates);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (!("adminUrl" in found)) return;
    const client = new pg.Client({ connectionString: found.adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${prefix}%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists "${datname}" with (force)`);
      }
    } finally {
      await client.end();
    }
  };
}
