// The SQLite writer thread, seen from the server: batches go to a worker thread that owns the write connection
// and answers after COMMIT. node:sqlite is synchronous, so a commit's fsync in the server's thread would stall
// every request (pages included); in the worker it only delays the writes of its batch, and the next batch
// gathers meanwhile.
import { Worker } from "node:worker_threads";
import type { BatchItem, BatchOutcome, Committer } from "./write-queue.ts";

/** An outcome as it crosses threads: errors become plain objects. */
export type WireOutcome =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; code?: unknown } };

export interface WriterRequest {
  id: number;
  batch: BatchItem[];
}

export interface WriterReply {
  id: number;
  outcomes: WireOutcome[];
}

/** Sent once by the writer thread when its connection is open. */
export interface WriterReady {
  ready: true;
}

export interface SqliteWriterCommitter extends Committer {
  /** Starts the writer thread (if it is not running) and resolves once its connection is open. */
  start(): Promise<void>;
}

function toError(wire: { name: string; message: string; code?: unknown }): Error {
  return Object.assign(new Error(wire.message), { name: wire.name, code: wire.code });
}

export function sqliteWriterCommitter(file: string): SqliteWriterCommitter {
  let worker: Worker | undefined;
  let ready: Promise<void> = Promise.resolve();
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (outcomes: BatchOutcome[]) => void; reject: (error: Error) => void }
  >();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  const start = (): Worker => {
    const started = new Worker(new URL("./sqlite-writer-worker.ts", import.meta.url), {
      workerData: { file },
      // The process's flags, except those that only make sense for an --eval script.
      execArgv: process.execArgv.filter((flag) => !flag.startsWith("--input-type")),
    });
    ready = new Promise((resolve, reject) => {
      started.once("message", () => resolve());
      started.once("error", reject);
      started.once("exit", (code) =>
        reject(new Error(`the SQLite writer thread exited (${code})`)),
      );
    });
    // A failed start is reported by start() or by the batch that waits on it.
    ready.catch(() => {});
    started.on("message", (reply: WriterReply | WriterReady) => {
      if ("ready" in reply) return;
      const entry = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) started.unref();
      entry?.resolve(
        reply.outcomes.map((outcome) =>
          outcome.ok ? outcome : { ok: false, error: toError(outcome.error) },
        ),
      );
    });
    started.on("error", (error) => failAll(error));
    started.on("exit", (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`the SQLite writer thread stopped (exit code ${code})`));
    });
    return started;
  };

  return {
    async start() {
      worker ??= start();
      await ready;
    },
    commit(batch) {
      worker ??= start();
      const current = worker;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // Keeps the process alive while a batch is out; an idle writer does not.
        current.ref();
        current.postMessage({ id, batch } satisfies WriterRequest);
      });
    },
    async close() {
      const current = worker;
      if (!current) return;
      worker = undefined;
      const exited = new Promise((resolve) => current.once("exit", resolve));
      // Keeps the process alive until the writer has closed its connection.
      current.ref();
      current.postMessage({ close: true });
      await exited;
    },
  };
}
