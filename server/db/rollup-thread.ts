// The rollup worker's passes on a thread of their own, with its own connection (PostgreSQL): a pass's thousands of
// rows are read, summed and written there, so the server's thread keeps answering requests meanwhile (ADR 39).
// The thread (server/db/rollup-thread-worker.ts) runs the repository's own `rollUp`.
import { Worker } from "node:worker_threads";
import type { DatabaseConfig } from "./database.ts";
import type { RollUpOptions, RollUpResult } from "./repositories/visit-rollups.ts";

export type RollupRequest = { id: number; options: RollUpOptions } | { id: number; close: true };

/** A pass's result or error, and how long each of its statements took (seconds). */
export type RollupReply = { id: number; statements: number[] } & (
  | { result: RollUpResult }
  | { error: string }
);

/** A started thread and the passes it was sent, by id. */
interface Started {
  worker: Worker;
  pending: Map<number, (reply: RollupReply) => void>;
}

export class RollupThread {
  readonly #config: DatabaseConfig;
  readonly #timeZone: string;
  readonly #onStatement: ((seconds: number) => void) | undefined;
  #thread: Started | undefined;
  #nextId = 0;

  /** `onStatement` is told each statement's duration, as `AppDatabase.onQuery` is for the server's own. */
  constructor(config: DatabaseConfig, timeZone: string, onStatement?: (seconds: number) => void) {
    this.#config = config;
    this.#timeZone = timeZone;
    this.#onStatement = onStatement;
  }

  /** Started on the first pass, and again after the thread has died (its passes failed with it). */
  #start(): Started {
    const worker = new Worker(new URL("./rollup-thread-worker.ts", import.meta.url), {
      workerData: { config: this.#config, timeZone: this.#timeZone },
    });
    const started: Started = { worker, pending: new Map() };
    const { pending } = started;
    // Idle, the thread must not keep the process alive; a pass under way does (see rollUp).
    worker.unref();
    worker.on("message", (reply: RollupReply) => {
      const settle = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) worker.unref();
      settle?.(reply);
    });
    const fail = (error: Error) => {
      if (this.#thread === started) this.#thread = undefined;
      for (const [id, settle] of pending) settle({ id, statements: [], error: error.message });
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the rollup thread exited (code ${code})`)));
    return started;
  }

  /** One pass of `visitRollups.rollUp`, on the thread. */
  async rollUp(options: RollUpOptions = {}): Promise<RollUpResult> {
    this.#thread ??= this.#start();
    const { worker, pending } = this.#thread;
    const id = this.#nextId++;
    const reply = await new Promise<RollupReply>((resolve) => {
      pending.set(id, resolve);
      worker.ref();
      worker.postMessage({ id, options } satisfies RollupRequest);
    });
    for (const seconds of reply.statements) this.#onStatement?.(seconds);
    if ("error" in reply) throw new Error(reply.error);
    return reply.result;
  }

  /** Lets the pass under way finish, closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    const started = this.#thread;
    if (!started) return;
    this.#thread = undefined;
    const exited = new Promise((resolve) => started.worker.once("exit", resolve));
    started.worker.ref();
    started.worker.postMessage({ id: this.#nextId++, close: true } satisfies RollupRequest);
    await exited;
  }
}
