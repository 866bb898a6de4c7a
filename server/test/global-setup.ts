// Vitest global setup: builds, once per run, the migrated templates every test database is copied from (a SQLite
// file, and a PostgreSQL database on TEST_DATABASE_URL or else on a PostgreSQL server this run starts for itself)
// and removes them, this run's test databases and that server at the end. When a template cannot be
// built the tests of that dialect fail with the reason (they are never skipped); the other tests still run.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase, sqliteFileName } from "../db/database.ts";
import { freePort } from "./server-process.ts";
import { startThrowawayPostgres, throwawayPostgresMissing } from "./throwaway-postgres.ts";

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

type FoundPostgres = { adminUrl: string; stop?: () => Promise<void> } | { error: string };

/**
 * TEST_DATABASE_URL when set (it must work); else a PostgreSQL server of this run's own, in a temporary folder
 * (throwaway-postgres.ts: no fsync, nothing shared with a cluster the machine runs), removed at the end.
 */
async function findPostgres(): Promise<FoundPostgres> {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    const failure = await tryConnect(fromEnv);
    return failure
      ? { error: `TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${failure}` }
      : { adminUrl: fromEnv };
  }
  const missing = throwawayPostgresMissing();
  if (missing) {
    return {
      error: `No PostgreSQL for the storage tests: install the Debian package postgresql or set TEST_DATABASE_URL (a role that may create databases) (${missing})`,
    };
  }
  try {
    const server = await startThrowawayPostgres(await freePort());
    return { adminUrl: server.url, stop: server.remove };
  } catch (error) {
    return { error: `PostgreSQL for the storage tests did not start: ${(error as Error).message}` };
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
        ? {
            adminUrl: found.adminUrl,
            prefix,
            template: await postgresTemplate(found.adminUrl, prefix),
          }
        : found,
  };
  project.provide("testDatabases", templates);
  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (!("adminUrl" in found)) return;
    if (found.stop) return found.stop();
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
