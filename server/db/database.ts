// Opens the database (SQLite file under DATA_DIR, or PostgreSQL when DATABASE_URL is set), runs the
// migrations, and closes it. Routes never see this: they use the repositories.
import { resolve } from "node:path";
import { Kysely, type LogEvent, PostgresDialect, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { groupCommit, type Work } from "./group-commit.ts";
import { migrationProvider } from "./migrations/index.ts";
import type { Schema } from "./schema.ts";
import { NodeSqliteDatabase, NodeSqliteDialect, openSqliteFile } from "./sqlite.ts";
import { SqliteReaderDialect } from "./sqlite-reader.ts";

export type DialectName = "sqlite" | "postgres";

/** Where a repository runs its statements: the database, or a transaction the caller holds. */
export type Executor = Kysely<Schema> | Transaction<Schema>;

export const sqliteFileName = "site.db";

export interface DatabaseConfig {
  /** Folder of the SQLite file (used when there is no databaseUrl). */
  dataDir: string;
  /** postgres:// URL: use PostgreSQL instead of SQLite. */
  databaseUrl?: string | undefined;
}

/** What a dedicated PostgreSQL connection is for: the live events' LISTEN, or the outbox's lease lock. */
export type DedicatedPurpose = "listen" | "lease";

export interface AppDatabase {
  readonly dialect: DialectName;
  readonly db: Kysely<Schema>;
  /**
   * Where the console's reports read: on SQLite a read-only connection in a worker thread (a report never runs
   * on the server's thread), on PostgreSQL the same pool as `db`.
   */
  readonly reports: Kysely<Schema>;
  /**
   * Runs a request's write in a transaction and resolves after its COMMIT. The writes of one turn of the event
   * loop share the transaction (group commit).
   */
  write<T>(work: Work<T>): Promise<T>;
  /** The SQLite file, or the PostgreSQL URL without its password: for logs. */
  readonly location: string;
  /** How it was opened: a worker thread opens its own connection with it (the rollup worker's, on PostgreSQL). */
  readonly config: DatabaseConfig;
  /**
   * PostgreSQL only: a new connection outside the pool, for a LISTEN or a session lock that must hold its connection
   * (the caller connects and ends it). Its purpose names it in pg_stat_activity: boothpilot-web-<purpose>.
   */
  readonly dedicatedClient?: ((purpose: DedicatedPurpose) => pg.Client) | undefined;
  /**
   * Whether the latest `write` committed; undefined before the first. A full disk or a lost table shows here while
   * `select 1` still answers, and stays until a write commits.
   */
  lastWriteCommitted(): boolean | undefined;
  /** Closes the connection(s) once the statements under way have finished. */
  close(): Promise<void>;
  /** Told each statement's duration: on the writer (`db`) or the reports connection (metrics set it). */
  onQuery: QueryObserver | undefined;
  /** The PostgreSQL pool's connections (undefined on SQLite): for metrics. */
  poolUse(): { total: number; idle: number; waiting: number } | undefined;
}

/** The connections whose statements are timed: the PostgreSQL rollup worker's thread reports as "rollups". */
export type TimedConnection = "writer" | "reports" | "rollups";

export type QueryObserver = (connection: TimedConnection, seconds: number) => void;

/** Kysely's statement log, handed to whoever observes the database (metrics). */
function queryLog(database: () => AppDatabase | undefined, connection: TimedConnection) {
  return (event: LogEvent) => database()?.onQuery?.(connection, event.queryDurationMillis / 1000);
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
  reports: Kysely<Schema>,
  location: string,
  config: DatabaseConfig,
  postgres?: { pool: pg.Pool; dedicatedClient: (purpose: DedicatedPurpose) => pg.Client },
): AppDatabase {
  let closing: Promise<void> | undefined;
  let lastCommitted: boolean | undefined;
  return {
    dialect,
    db,
    reports,
    write: groupCommit(db, (committed) => {
      lastCommitted = committed;
    }),
    lastWriteCommitted: () => lastCommitted,
    location,
    config,
    dedicatedClient: postgres?.dedicatedClient,
    onQuery: undefined,
    poolUse: () => {
      const pool = postgres?.pool;
      return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    close() {
      closing ??= Promise.all([db.destroy(), reports === db ? undefined : reports.destroy()]).then(
        () => {},
      );
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
      // Plans without parallel workers: the app's statements read rollups and single rows, which a worker costs
      // more to start than it saves (ADR 51).
      options: "-c max_parallel_workers_per_gather=0",
    });
    // A connection that breaks (server restart) must not crash the process. The pool hears of an idle one; one
    // checked out between two statements of a transaction tells only its client, and an 'error' event nobody
    // listens to is thrown. Its next statement fails instead, and the pool drops it when it comes back.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    let database: AppDatabase | undefined;
    const db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool }),
      log: queryLog(() => database, "writer"),
    });
    const { databaseUrl } = config;
    const dedicatedClient = (purpose: DedicatedPurpose) =>
      new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: 5_000,
        application_name: `boothpilot-web-${purpose}`,
      });
    database = wrap("postgres", db, db, redactUrl(databaseUrl), config, { pool, dedicatedClient });
    return database;
  }
  const file = resolve(config.dataDir, sqliteFileName);
  // One connection on this thread: node:sqlite is synchronous, and Kysely's driver runs one statement or one
  // transaction at a time on it.
  const sqlite = new NodeSqliteDatabase(openSqliteFile(file));
  let database: AppDatabase | undefined;
  const db = new Kysely<Schema>({
    dialect: new NodeSqliteDialect({ database: sqlite }),
    log: queryLog(() => database, "writer"),
  });
  const reports = new Kysely<Schema>({
    dialect: new SqliteReaderDialect(file),
    log: queryLog(() => database, "reports"),
  });
  database = wrap("sqlite", db, reports, file, config);
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
