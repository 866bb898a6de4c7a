// The breakdown server of `npm run bench:api -- --breakdown`: the production app and its request path (Fastify,
// plugins, validation, derivation, access log, write queue) with the storage step answered at once, nothing
// written. It measures what the functions cost before any database work; never a server to run for real.
// COMMIT_DELAY_MS (default 0) holds each batch that long before acknowledging it, a stand-in for a commit's
// latency that costs no CPU. Prints "listening <port>" once it accepts connections.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { buildApp } from "../server/app.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import type { BatchOutcome, Committer } from "../server/db/write-queue.ts";
import { WriteQueue } from "../server/db/write-queue.ts";
import { parseEnv } from "../server/env.ts";
import { serverLogger } from "../server/log-destination.ts";

const commitDelayMs = Number(process.env.COMMIT_DELAY_MS ?? 0);

/** Acknowledges each visit as recorded without writing it; any other write fails (this server serves visits). */
const acknowledgeVisits: Committer = {
  commit: async (batch) => {
    if (commitDelayMs > 0) await sleep(commitDelayMs);
    return batch.map(
      (item): BatchOutcome =>
        item.op === "recordVisit"
          ? { ok: true, value: { recorded: true } }
          : { ok: false, error: new Error(`${item.op} is not stored by the breakdown server`) },
    );
  },
  close: async () => {},
};

const env = parseEnv({ ...process.env, RATE_LIMIT: "off", SERVE_SITE: "off" });
const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-no-storage-"));
// A real, migrated database for what the app reads at start; its write queue is the one replaced.
const database = await openDatabase({ dataDir });
await migrateToLatest(database);
const writes = new WriteQueue(acknowledgeVisits, { concurrency: 2 });
const app = await buildApp({
  env,
  database: { ...database, writes },
  logger: serverLogger(env.LOG_LEVEL),
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);

process.once("SIGTERM", async () => {
  await app.close();
  await writes.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
