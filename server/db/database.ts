// Opens the database (SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL is set), runs the
// migrations, and closes it after the last write. Routes never see this: they use the repositories.
import { resolve } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations/index.ts";
import type { Schema } from "./schema.ts";
import { NodeSqliteDatabase, NodeSqliteDialect, openSqliteFile } from "./sqlite.ts";
import { sqliteWriterCommitter } from "./sqlite-writer.ts";
import { inProcessCommitter, WriteQueue } from "./write-queue.ts";

export type DialectName = "sqlite" | "postgres";

export const sqliteFileName = "site.db";

export interface DatabaseConfig {
  /** Folder of the SQLite file (used when there is no databaseUrl). */
  dataDir: string;
  /** postgres:// URL: use PostgreSQL instead of SQLite. */
  databaseUrl?: string | undefined;
}

export interface AppDatabase {
  readonly dialect: DialectName;
  readonly db: Kysely<Schema>;
  /** Group commit of every write that answers a request. */
  readonly writes: WriteQueue;
  /** The SQLite file, or the PostgreSQL URL without its password: for logs. */
  readonly location: string;
  /** Waits for accepted writes, then closes the connection(s). */
  close(): Promise<void>;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparsable URL)";
  }
}

function wrap(
  dialect: DialectName,
  db: Kysely<Schema>,
  writes: WriteQueue,
  location: string,
): AppDatabase {
  let closing: Promise<void> | undefined;
  return {
    dialect,
    db,
    writes,
    location,
    close() {
      closing ??= writes.close().then(() => db.destroy());
      return closing;
    },
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<AppDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 15_000,
      application_name: "boothpilot-web",
    });
    // An idle connection that breaks (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    // Two batches may commit at once, each on its own pooled connection.
    const writes = new WriteQueue(inProcessCommitter(db, "postgres"), { concurrency: 2 });
    return wrap("postgres", db, writes, redactUrl(config.databaseUrl));
  }
  const file = resolve(config.dataDir, sqliteFileName);
  // This thread's connection serves migrations and reads; the writes have their own in the writer thread.
  const sqlite = new NodeSqliteDatabase(openSqliteFile(file));
  const db = new Kysely<Schema>({ dialect: new NodeSqliteDialect({ database: sqlite }) });
  const writer = sqliteWriterCommitter(file);
  // Two batches out at once: the writer commits them one after the other, and never waits for the next one.
  const writes = new WriteQueue(writer, { concurrency: 2 });
  const database = wrap("sqlite", db, writes, file);
  try {
    await writer.start();
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`Cannot start the SQLite writer for ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return database;
}

/**
 * Brings the schema to the latest migration; returns the names applied. Safe when several instances start at
 * once: PostgreSQL holds an advisory lock for the run, SQLite runs it in one BEGIN IMMEDIATE transaction.
 */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw new Error(`Database migration failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
