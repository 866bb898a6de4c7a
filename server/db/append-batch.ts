// Appends of one turn of the event loop as one multi-row insert: the rows that arrive together are written by one
// statement per table inside one `write` (so still one durable commit, as group commit gives), where a statement
// per row made PostgreSQL parse and plan, and the server build and send, two statements per request
// (docs/performance.md, API). If the batch fails, each row is written again alone, so a bad row fails only its caller.
import type { Transaction } from "kysely";
import type { AppDatabase } from "./database.ts";
import type { Schema } from "./schema.ts";

/** Writes `rows` (distinct keys) in `trx` and returns the keys it stored; a key already stored is left out. */
export type InsertMany<Row> = (trx: Transaction<Schema>, rows: Row[]) => Promise<Set<string>>;

/**
 * A statement's rows at most: a visit has up to 17 columns, and SQLite binds at most 32,766 values to one statement
 * (PostgreSQL 65,535). A larger turn (a spike of thousands of requests at once) takes several statements.
 */
const maxRowsPerStatement = 1_000;

interface Waiting<Row> {
  row: Row;
  resolve: (recorded: boolean) => void;
  reject: (reason: unknown) => void;
}

/**
 * Returns `append(row)`, which resolves after the COMMIT that stored the row with whether it was stored (false when
 * its key was already stored, by an earlier call or by an earlier row of the same batch).
 */
export function appendBatch<Row>(
  database: Pick<AppDatabase, "write">,
  keyOf: (row: Row) => string,
  insertMany: InsertMany<Row>,
): (row: Row) => Promise<boolean> {
  let pending: Waiting<Row>[] = [];

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    // The first row of a key is the one written; a repeat in the same batch is told it was not stored.
    const firsts = new Map<string, Waiting<Row>>();
    for (const waiting of batch) {
      const key = keyOf(waiting.row);
      if (!firsts.has(key)) firsts.set(key, waiting);
    }
    const distinct = [...firsts.values()];
    try {
      const rows = distinct.map((waiting) => waiting.row);
      const stored = await database.write(async (trx) => {
        const keys = new Set<string>();
        for (let start = 0; start < rows.length; start += maxRowsPerStatement) {
          const slice = rows.slice(start, start + maxRowsPerStatement);
          for (const key of await insertMany(trx, slice)) keys.add(key);
        }
        return keys;
      });
      for (const waiting of batch) {
        const key = keyOf(waiting.row);
        waiting.resolve(firsts.get(key) === waiting && stored.has(key));
      }
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const waiting of batch) {
        await database
          .write((trx) => insertMany(trx, [waiting.row]))
          .then((stored) => waiting.resolve(stored.has(keyOf(waiting.row))), waiting.reject);
      }
    }
  }

  return (row) =>
    new Promise<boolean>((resolve, reject) => {
      // After the current I/O phase, like group commit: every row parsed in this turn joins the statement.
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ row, resolve, reject });
    });
}
