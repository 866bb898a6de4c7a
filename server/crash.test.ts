// Durability: under concurrent load the real server is killed with SIGKILL at an arbitrary moment, restarted,
// and every write it acknowledged (200) must be in the database.
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { openDatabase } from "./db/database.ts";
import { serverEnv, startServer } from "./test/server-process.ts";
import { killAbruptly, stopGracefully } from "./test/server-stops.ts";
import { dialects, storageTest as it } from "./test/storage.ts";
import { startWriteLoad } from "./test/write-load.ts";

describe.each(dialects)("kill -9 under load on %s", (dialect) => {
  it.override("dialect", dialect);
  it("loses no acknowledged write", { timeout: 60_000 }, async ({ freshDbConfig: config }) => {
    const env = serverEnv(config);
    const first = await startServer(env);
    const load = startWriteLoad(first.url, { clients: 24, contactEvery: 3, prefix: "crash" });
    const { ackedSessions, ackedMessages } = load;
    // Kill at an arbitrary moment once the load is well under way (on a busy machine that takes a while).
    for (let waited = 0; ackedSessions.length + ackedMessages.length < 100 && waited < 20_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      waited += 50;
    }
    await killAbruptly(first, 500);
    await load.stop();
    expect(ackedSessions.length + ackedMessages.length).toBeGreaterThan(50);

    // The restarted server opens the crashed database (WAL recovery, migrations) and serves again.
    const second = await startServer(env);
    try {
      const after = await fetch(`${second.url}${trackReferrerPath}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          session_id: randomUUID(),
          referrer: "direct",
          page_url: "https://www.boothpilot.example/",
          user_agent: "after the crash",
        }),
      });
      expect(after.status).toBe(200);

      const database = await openDatabase(config);
      try {
        const sessions = new Set(
          (await database.db.selectFrom("referrer_visits").select("session_id").execute()).map(
            (row) => row.session_id,
          ),
        );
        const messages = new Set(
          (await database.db.selectFrom("contact_messages").select("message").execute()).map(
            (row) => row.message,
          ),
        );
        const lostSessions = ackedSessions.filter((id) => !sessions.has(id));
        const lostMessages = ackedMessages.filter((id) => !messages.has(`crash ${id}`));
        expect(lostSessions).toEqual([]);
        expect(lostMessages).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      // A graceful stop: the writes drained, the database closed, exit code 0.
      await stopGracefully(second);
      expect(second.output()).toContain('"msg":"database closed"');
    }
  });
});
