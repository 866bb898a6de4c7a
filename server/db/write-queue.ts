// Group commit: writes that arrive together are committed in one transaction, and each caller's promise
// settles only after that COMMIT returned. One durable commit (one fsync) then acknowledges many writes.
import type { Kysely, Transaction } from "kysely";

export type WriteWork<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Job<DB> {
  work: WriteWork<DB, unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface WriteQueueOptions {
  /** Most writes committed in one transaction. */
  maxBatchSize?: number;
  /** Batches committing at the same time (1 for SQLite, which has one writer; more for PostgreSQL). */
  concurrency?: number;
}

export interface WriteQueueStats {
  batches: number;
  writes: number;
  largestBatch: number;
}

export class WriteQueueClosedError extends Error {
  override name = "WriteQueueClosedError";
}

export class WriteQueue<DB> {
  readonly #db: Kysely<DB>;
  readonly #maxBatchSize: number;
  readonly #concurrency: number;
  #pending: Job<DB>[] = [];
  #inFlight = 0;
  #scheduled = false;
  #closed = false;
  #drained: (() => void)[] = [];
  readonly stats: WriteQueueStats = { batches: 0, writes: 0, largestBatch: 0 };

  constructor(db: Kysely<DB>, options: WriteQueueOptions = {}) {
    this.#db = db;
    this.#maxBatchSize = options.maxBatchSize ?? 256;
    this.#concurrency = options.concurrency ?? 1;
  }

  /**
   * Runs `work` inside a transaction shared with the other writes of its batch; resolves with its result once
   * the batch is committed. Work must only touch the database: if the batch fails it is rolled back and each of
   * its writes is run again alone, so that one bad write fails only its own caller.
   */
  run<T>(work: WriteWork<DB, T>): Promise<T> {
    if (this.#closed) return Promise.reject(new WriteQueueClosedError("the database is closing"));
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /** Refuses new writes and resolves when every accepted one is settled. */
  close(): Promise<void> {
    this.#closed = true;
    if (this.#pending.length === 0 && this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drained.push(resolve));
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.#concurrency || this.#pending.length === 0)
      return;
    this.#scheduled = true;
    // After the current I/O phase: every request parsed in this turn of the event loop joins the batch.
    setImmediate(() => {
      this.#scheduled = false;
      while (this.#inFlight < this.#concurrency && this.#pending.length > 0) {
        const batch = this.#pending.splice(0, this.#maxBatchSize);
        this.#inFlight++;
        void this.#commit(batch).finally(() => {
          this.#inFlight--;
          this.#schedule();
          if (this.#pending.length === 0 && this.#inFlight === 0) {
            for (const resolve of this.#drained.splice(0)) resolve();
          }
        });
      }
    });
  }

  async #commit(batch: Job<DB>[]): Promise<void> {
    this.stats.batches++;
    this.stats.writes += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    try {
      const results = await this.#db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const job of batch) out.push(await job.work(trx));
        return out;
      });
      batch.forEach((job, index) => {
        job.resolve(results[index]);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // The whole batch was rolled back: run each write alone so only the failing ones fail.
      for (const job of batch) {
        try {
          job.resolve(await this.#db.transaction().execute((trx) => job.work(trx)));
        } catch (alone) {
          job.reject(alone);
        }
      }
    }
  }
}
