// Group commit: writes that arrive together are committed in one transaction, and each caller's promise
// settles only after that COMMIT returned. One durable commit (one fsync) then acknowledges many writes.
import type { Kysely } from "kysely";
import { LatencyHistogram } from "./latency-histogram.ts";
import type { Schema } from "./schema.ts";
import {
  batchedWriteOps,
  singleStatementWriteOps,
  type WriteContext,
  type WriteOpArgs,
  type WriteOpName,
  type WriteOpResult,
  writeOps,
} from "./write-ops.ts";

export interface BatchItem {
  op: WriteOpName;
  args: unknown;
}

export type BatchOutcome = { ok: true; value: unknown } | { ok: false; error: Error };

/** Commits a batch of writes; each outcome says how its write ended. */
export interface Committer {
  commit(batch: BatchItem[]): Promise<BatchOutcome[]>;
  close(): Promise<void>;
}

type BatchedOp = (context: WriteContext, args: unknown[]) => Promise<unknown[]>;
type SingleStatement = (
  executor: Kysely<Schema>,
  dialect: string,
  args: unknown[],
) => Promise<unknown[]>;

const run = (item: BatchItem, trx: WriteContext["trx"], dialect: string) =>
  (writeOps[item.op] as (context: WriteContext, args: unknown) => Promise<unknown>)(
    { trx, dialect },
    item.args,
  );

/** The batch as one statement, if all of it is the same write with a single-statement form (see write-ops). */
function asOneStatement(batch: readonly BatchItem[]): SingleStatement | undefined {
  const op = batch[0]?.op;
  const form = op === undefined ? undefined : singleStatementWriteOps[op];
  if (!form || batch.length > form.maxRows || batch.some((item) => item.op !== op))
    return undefined;
  return form.run as SingleStatement;
}

/**
 * Runs the batch in one transaction: writes with a batched form (several of the same op) first, one statement
 * each, then the others in order.
 */
function inOneTransaction(
  db: Kysely<Schema>,
  dialect: string,
  batch: readonly BatchItem[],
  batchedOps: Partial<Record<WriteOpName, BatchedOp>>,
): Promise<unknown[]> {
  return db.transaction().execute(async (trx) => {
    const out: unknown[] = new Array(batch.length);
    const done: boolean[] = new Array(batch.length).fill(false);
    for (const [op, many] of Object.entries(batchedOps)) {
      const indexes = batch.flatMap((item, index) => (item.op === op ? [index] : []));
      if (indexes.length < 2 || !many) continue;
      const results = await many(
        { trx, dialect },
        indexes.map((index) => batch[index]?.args),
      );
      indexes.forEach((index, k) => {
        out[index] = results[k];
        done[index] = true;
      });
    }
    for (const [index, item] of batch.entries()) {
      if (!done[index]) out[index] = await run(item, trx, dialect);
    }
    return out;
  });
}

/**
 * Commits the batch. On PostgreSQL a batch that is one statement (only visits, say) runs on its own, without
 * BEGIN and COMMIT; any other batch runs in one transaction, batched forms first. If it fails, nothing of it is
 * stored and each write is run again alone, so a bad write fails only its own caller.
 */
export async function commitBatch(
  db: Kysely<Schema>,
  dialect: string,
  batch: readonly BatchItem[],
): Promise<BatchOutcome[]> {
  // Batched and single-statement forms save round trips. SQLite has none, and there a multi-row statement cost
  // more per row than the rows one by one: each write runs alone.
  const sqlite = dialect === "sqlite";
  const batchedOps = sqlite ? {} : (batchedWriteOps as Partial<Record<WriteOpName, BatchedOp>>);
  const oneStatement = sqlite ? undefined : asOneStatement(batch);
  try {
    const values = oneStatement
      ? await oneStatement(
          db,
          dialect,
          batch.map((item) => item.args),
        )
      : await inOneTransaction(db, dialect, batch, batchedOps);
    return values.map((value) => ({ ok: true, value }));
  } catch (error) {
    if (batch.length === 1) return [{ ok: false, error: error as Error }];
    const outcomes: BatchOutcome[] = [];
    for (const item of batch) {
      try {
        outcomes.push({
          ok: true,
          value: await db.transaction().execute((trx) => run(item, trx, dialect)),
        });
      } catch (alone) {
        outcomes.push({ ok: false, error: alone as Error });
      }
    }
    return outcomes;
  }
}

/** Commits in this thread, on the given Kysely instance (PostgreSQL: the pool's connections). */
export function inProcessCommitter(db: Kysely<Schema>, dialect: string): Committer {
  return {
    commit: (batch) => commitBatch(db, dialect, batch),
    close: async () => {},
  };
}

interface Job {
  item: BatchItem;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export interface WriteQueueOptions {
  /** Most writes committed in one transaction. */
  maxBatchSize?: number;
  /** Batches handed to the committer at the same time (the SQLite writer still commits them in turn). */
  concurrency?: number;
}

export interface WriteQueueStats {
  batches: number;
  writes: number;
  largestBatch: number;
  /**
   * Time from a batch's hand-off to the committer until its outcomes came back (COMMIT included, and on SQLite
   * the wait behind the batch before it): median, 99th percentile and maximum, in milliseconds.
   */
  commitP50Ms: number;
  commitP99Ms: number;
  commitMaxMs: number;
}

export class WriteQueueClosedError extends Error {
  override name = "WriteQueueClosedError";
}

export class WriteQueue {
  readonly #committer: Committer;
  readonly #maxBatchSize: number;
  readonly #concurrency: number;
  #pending: Job[] = [];
  #inFlight = 0;
  #scheduled = false;
  #closed = false;
  #drained: (() => void)[] = [];
  #batches = 0;
  #writes = 0;
  #largestBatch = 0;
  readonly #commitTimes = new LatencyHistogram();

  constructor(committer: Committer, options: WriteQueueOptions = {}) {
    this.#committer = committer;
    this.#maxBatchSize = options.maxBatchSize ?? 256;
    this.#concurrency = options.concurrency ?? 1;
  }

  /** Runs the named write in the transaction of its batch; resolves with its result once the batch is committed. */
  run<Name extends WriteOpName>(op: Name, args: WriteOpArgs<Name>): Promise<WriteOpResult<Name>> {
    if (this.#closed) return Promise.reject(new WriteQueueClosedError("the database is closing"));
    return new Promise((resolve, reject) => {
      this.#pending.push({
        item: { op, args },
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.#schedule();
    });
  }

  get stats(): WriteQueueStats {
    const round = (ms: number) => Math.round(ms * 100) / 100;
    return {
      batches: this.#batches,
      writes: this.#writes,
      largestBatch: this.#largestBatch,
      commitP50Ms: round(this.#commitTimes.percentileMs(0.5)),
      commitP99Ms: round(this.#commitTimes.percentileMs(0.99)),
      commitMaxMs: round(this.#commitTimes.maxMs),
    };
  }

  /** Refuses new writes, waits until every accepted one is settled, then closes the committer. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pending.length > 0 || this.#inFlight > 0) {
      await new Promise<void>((resolve) => this.#drained.push(resolve));
    }
    await this.#committer.close();
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

  async #commit(batch: Job[]): Promise<void> {
    this.#batches++;
    this.#writes += batch.length;
    this.#largestBatch = Math.max(this.#largestBatch, batch.length);
    const handedOver = performance.now();
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.#committer.commit(batch.map((job) => job.item));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error: error as Error }));
    }
    this.#commitTimes.record(performance.now() - handedOver);
    batch.forEach((job, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) job.resolve(outcome.value);
      else job.reject(outcome?.error ?? new Error("write not committed"));
    });
  }
}
