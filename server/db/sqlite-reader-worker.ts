// The worker thread behind SqliteReaderDialect: a read-only connection to the SQLite file that runs the console's
// report statements, so they never hold up the server's thread (ADR 11).
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import { busyTimeoutMs, toSqliteValue } from "./sqlite.ts";

export interface ReaderRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReaderReply =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code?: string } };

const { file } = workerData as { file: string };
// WAL: this connection reads the last committed state while the server's connection writes.
const database = new DatabaseSync(file, { readOnly: true, timeout: busyTimeoutMs });
const statements = new Map<string, StatementSync>();

parentPort?.on("message", ({ id, sql, parameters }: ReaderRequest) => {
  let reply: ReaderReply;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    const values = parameters.map(toSqliteValue);
    if (statement.columns().length > 0) reply = { id, rows: statement.all(...values) };
    else {
      // BEGIN and COMMIT around a report that reads one snapshot.
      statement.run(...values);
      reply = { id, rows: [] };
    }
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    reply = { id, error: { message, ...(code ? { code } : {}) } };
  }
  parentPort?.postMessage(reply);
});
