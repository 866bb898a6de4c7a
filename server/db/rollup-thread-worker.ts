// The thread behind RollupThread: its own connection to the database, on which it runs the rollup worker's passes
// one at a time as the server's thread asks for them (ADR 39).
import { parentPort, workerData } from "node:worker_threads";
import { type DatabaseConfig, openDatabase } from "./database.ts";
import { visitRollupsRepository } from "./repositories/visit-rollups.ts";
import type { RollupReply, RollupRequest } from "./rollup-thread.ts";

const { config, timeZone } = workerData as { config: DatabaseConfig; timeZone: string };
const database = await openDatabase(config);
const rollups = visitRollupsRepository(database, Date.now, timeZone);
// Each pass's statement times go back with its reply, for the server's metrics.
const statements: number[] = [];
database.onQuery = (_connection, seconds) => statements.push(seconds);
// Passes run one after another, as on the server's thread: a request waits for the one before it.
let queue: Promise<unknown> = Promise.resolve();

parentPort?.on("message", (request: RollupRequest) => {
  queue = queue.then(async () => {
    if ("close" in request) {
      await database.close();
      parentPort?.close();
      return;
    }
    let reply: RollupReply;
    try {
      const result = await rollups.rollUp(request.options);
      reply = { id: request.id, statements: statements.splice(0), result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      reply = { id: request.id, statements: statements.splice(0), error: message };
    }
    parentPort?.postMessage(reply);
  });
});
