// The rollup worker: every ROLLUP_INTERVAL_MS (2 s), the visits and events queued since the last pass are counted
// into the rollups (server/db/repositories/visit-rollups.ts); reports read the rollups as they are, at most about
// one interval behind (ADR 49). Passes of one instance run one after another; on PostgreSQL instances share the work
// through the worker's advisory lock, and the passes run on a thread of their own (ADR 39).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { RollupThread } from "../db/rollup-thread.ts";

export interface RollupWorkerOptions {
  /** Between two scheduled passes. */
  intervalMs?: number | undefined;
}

export interface RollupWorker {
  /**
   * Counts everything queued so far (waiting for another instance's pass if one is under way): what the timer does,
   * at once, for a server that does not listen (tests that inject requests).
   */
  catchUp(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    rollupWorker: RollupWorker;
  }
}

/** Passes of one catch-up at most: a queue that keeps growing faster than it drains must not hold a report. */
const maxPasses = 20;

async function rollupWorker(app: FastifyInstance, options: RollupWorkerOptions): Promise<void> {
  const { intervalMs = 2_000 } = options;
  // SQLite's passes stay on this thread: the file has one writer, and a second connection's pass would make this
  // thread's commits sleep in SQLite's busy handler until it ended.
  const thread =
    app.database.dialect === "postgres"
      ? new RollupThread(app.database.config, app.analyticsTimeZone, (seconds) =>
          app.database.onQuery?.("rollups", seconds),
        )
      : undefined;
  const rollups = thread ?? app.repositories.visitRollups;
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();

  const drain = async (wait: boolean) => {
    for (let pass = 0; pass < maxPasses; pass++) {
      const { more } = await rollups.rollUp({ wait });
      if (!more) return;
    }
  };
  const run = (wait: boolean): Promise<void> => {
    queue = queue.then(() => drain(wait));
    const done = queue;
    queue = queue.catch(() => {});
    return done;
  };

  app.decorate("rollupWorker", { catchUp: () => run(true) });
  app.addHook("onListen", async () => {
    timer = setInterval(() => {
      run(false).catch((error: unknown) => app.log.error({ err: error }, "rollup pass failed"));
    }, intervalMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await queue;
    await thread?.close();
  });
}

export default fp(rollupWorker, {
  name: "rollup-worker",
  fastify: "5.x",
  dependencies: ["database"],
});
