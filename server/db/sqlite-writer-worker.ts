// The SQLite writer thread: its own connection to the file (WAL, synchronous=FULL), one batch at a time, each
// in one transaction; the reply leaves only after COMMIT returned.
import { parentPort, workerData } from "node:worker_threads";
import { Kysely } from "kysely";
import type { Schema } from "./schema.ts";
import { NodeSqliteDatabase, NodeSqliteDialect, openSqliteFile } from "./sqlite.ts";
import type { WireOutcome, WriterReady, WriterReply, WriterRequest } from "./sqlite-writer.ts";
import { commitBatch } from "./write-queue.ts";

const port = parentPort;
if (!port) throw new Error("sqlite-writer-worker.ts runs as a worker thread");

const { file } = workerData as { file: string };
const db = new Kysely<Schema>({
  dialect: new NodeSqliteDialect({ database: new NodeSqliteDatabase(openSqliteFile(file)) }),
});

let queue = Promise.resolve();
port.postMessage({ ready: true } satisfies WriterReady);

port.on("message", (message: WriterRequest | { close: true }) => {
  queue = queue.then(async () => {
    if ("close" in message) {
      await db.destroy();
      port.close();
      return;
    }
    const outcomes = await commitBatch(db, "sqlite", message.batch);
    const wire: WireOutcome[] = outcomes.map((outcome) =>
      outcome.ok
        ? outcome
        : {
            ok: false,
            error: {
              name: outcome.error.name,
              message: outcome.error.message,
              code: (outcome.error as { code?: unknown }).code,
            },
          },
    );
    port.postMessage({ id: message.id, outcomes: wire } satisfies WriterReply);
  });
});
