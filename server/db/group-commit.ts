// Group commit: the writes that arrive in one turn of the event loop share one transaction, so one durable commit
// acknowledges them all; each caller's promise settles only after that COMMIT. On SQLite (node:sqlite commits on
// the server's only thread, each FULL commit waits for an fsync) that is one fsync per turn instead of one per
// request; on PostgreSQL one COMMIT (one WAL flush) per turn. Visits and events go further: the rows of a turn are
// one statement per table (append-batch.ts, ADR 37). If the shared transaction fails, nothing of it is stored and
// each write runs again alone, so a bad write (or a deadlock between two batches) fails only its own caller. Each
// transaction's outcome is told to `observe` (readiness follows failing writes).
import type { Kysely, Transaction } from "kysely";
import type { Schema } from "./schema.ts";

export type Work<T> = (trx: Transaction<Schema>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export function groupCommit(
  db: Kysely<Schema>,
  observe: (committed: boolean) => void = () => {},
): <T>(work: Work<T>) => Promise<T> {
  let pending: Job[] = [];

  function alone(job: Job): Promise<void> {
    return db
      .transaction()
      .execute(job.work)
      .then(
        (value) => {
          observe(true);
          job.resolve(value);
        },
        (error: unknown) => {
          observe(false);
          job.reject(error);
        },
      );
  }

  async function commit(): Promise<void> {
    const batch = pending;
    pending = [];
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of batch) out.push(await job.work(trx));
        return out;
      });
    } catch (error) {
      if (batch.length === 1) {
        observe(false);
        batch[0]?.reject(error);
        return;
      }
      for (const job of batch) await alone(job);
      return;
    }
    observe(true);
    for (const [index, job] of batch.entries()) job.resolve(results[index]);
  }

  return <T>(work: Work<T>) =>
    new Promise<T>((resolve, reject) => {
      // After the current I/O phase: every request parsed in this turn of the event loop joins the transaction.
      if (pending.length === 0) setImmediate(() => void commit());
      pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
