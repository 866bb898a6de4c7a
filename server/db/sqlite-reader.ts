// Kysely on a read-only SQLite connection in a worker thread: the console's reports run there, never on the
// server's thread, so a visitor's request does not wait behind one (ADR 11). Queries are compiled here and sent
// to the worker (server/db/sqlite-reader-worker.ts), which runs them one at a time.
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { ReaderReply, ReaderRequest } from "./sqlite-reader-worker.ts";

class WorkerConnection implements DatabaseConnection {
  readonly #worker: Worker;
  readonly #pending = new Map<number, (reply: ReaderReply) => void>();
  #nextId = 0;
  #failure: Error | undefined;

  constructor(file: string) {
    this.#worker = new Worker(new URL("./sqlite-reader-worker.ts", import.meta.url), {
      workerData: { file },
    });
    // Idle, the worker must not keep the process alive; a statement under way does (see executeQuery).
    this.#worker.unref();
    this.#worker.on("message", (reply: ReaderReply) => {
      const settle = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) this.#worker.unref();
      settle?.(reply);
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const [id, settle] of this.#pending) settle({ id, error: { message: error.message } });
      this.#pending.clear();
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => fail(new Error(`the SQLite reader exited (code ${code})`)));
  }

  get failed(): boolean {
    return this.#failure !== undefined;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, (reply) => {
        if ("rows" in reply) resolve({ rows: reply.rows as R[] });
        else reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      });
      this.#worker.ref();
      const request: ReaderRequest = {
        id,
        sql: compiledQuery.sql,
        parameters: compiledQuery.parameters,
      };
      this.#worker.postMessage(request);
    });
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; Kysely's interface requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("the SQLite reader does not stream");
  }

  async close(): Promise<void> {
    this.#failure ??= new Error("the SQLite reader is closed");
    await this.#worker.terminate();
  }
}

/** One connection, one statement or transaction at a time (as Kysely's own SQLite driver does). */
class SqliteReaderDriver implements Driver {
  readonly #file: string;
  #connection: WorkerConnection | undefined;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release: () => void = () => {};
    this.#queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    // Started on first use, and again if it died (the next report gets a fresh one).
    if (!this.#connection || this.#connection.failed) {
      this.#connection = new WorkerConnection(this.#file);
    }
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    this.#release?.();
  }

  async destroy(): Promise<void> {
    await this.#connection?.close();
  }
}

export class SqliteReaderDialect implements Dialect {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  createDriver(): Driver {
    return new SqliteReaderDriver(this.#file);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface types the instance as Kysely<any>.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
