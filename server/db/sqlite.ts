// Kysely on Node's built-in SQLite (node:sqlite): its DatabaseSync adapted to the interface of Kysely's
// SqliteDialect, write transactions taken with BEGIN IMMEDIATE, and the durable settings we rely on.
import { closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  SqliteAdapter,
  type SqliteDatabase as SqliteDatabaseInterface,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

/** SQLite's synchronous level in WAL mode (ADR 11 says why). */
export const sqliteSynchronous = "FULL";

/** Milliseconds a writer waits for another process's write lock before failing. */
export const busyTimeoutMs = 5_000;
const statementCacheSize = 200;

/**
 * The database holds visitors' messages and the admin's sessions: its folder is the server user's alone (0700), its file
 * too (0600); SQLite gives the WAL and shared-memory files the database file's mode.
 */
export const privateFolderMode = 0o700;
export const privateFileMode = 0o600;

/**
 * Opens (creating it and its folder if needed, private) the SQLite file with the settings every connection needs:
 * WAL journal, synchronous=FULL (every commit is fsynced before it returns: an acknowledged write survives
 * a crash of the process and of the machine), foreign keys, and a busy timeout for a second process.
 */
export function openSqliteFile(file: string): DatabaseSync {
  if (file !== ":memory:") {
    mkdirSync(dirname(file), { recursive: true, mode: privateFolderMode });
    // Created here, before SQLite would create it world-readable; an existing file is left as it is.
    closeSync(openSync(file, "a", privateFileMode));
  }
  const database = new DatabaseSync(file, {
    timeout: busyTimeoutMs,
    enableForeignKeyConstraints: true,
  });
  database.exec("PRAGMA journal_mode = WAL");
  database.exec(`PRAGMA synchronous = ${sqliteSynchronous}`);
  return database;
}

export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "bigint" ||
    value instanceof Uint8Array
  ) {
    return value;
  }
  throw new TypeError(`SQLite cannot bind a value of type ${typeof value}`);
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    // Statements that return rows (SELECT, ... RETURNING) are "readers", as in better-sqlite3.
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...parameters.map(toSqliteValue));
  }

  run(parameters: ReadonlyArray<unknown>): {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  } {
    return this.#statement.run(...parameters.map(toSqliteValue));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...parameters.map(toSqliteValue));
  }
}

/** node:sqlite's DatabaseSync behind the better-sqlite3-like interface Kysely's SqliteDialect expects. */
export class NodeSqliteDatabase implements SqliteDatabaseInterface {
  readonly #database: DatabaseSync;
  readonly #statements = new Map<string, NodeSqliteStatement>();

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = new NodeSqliteStatement(this.#database.prepare(sql));
      if (this.#statements.size >= statementCacheSize) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** A transaction is open (SQLite ends one itself on some errors, a full disk among them). */
  get isTransaction(): boolean {
    return this.#database.isOpen && this.#database.isTransaction;
  }

  close(): void {
    this.#statements.clear();
    if (this.#database.isOpen) this.#database.close();
  }
}

/**
 * Write transactions take the write lock at BEGIN, so a second process waits (busy timeout) instead of failing
 * later. A transaction SQLite has already rolled back itself (SQLITE_FULL, SQLITE_IOERR) is not rolled back again:
 * that second error ("cannot rollback - no transaction is active") would hide the first.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #database: SqliteDialectConfig["database"];

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#database = config.database;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database instanceof NodeSqliteDatabase && !this.#database.isTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

/**
 * SQLite runs DDL inside transactions, so migrations run in one BEGIN IMMEDIATE transaction: that write lock
 * is the migration lock when two processes start on the same file at once.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}
