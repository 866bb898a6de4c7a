// A graceful stop under load: SIGTERM while writes and mail are pending exits 0 within the grace period, and after
// a restart every acknowledged write is stored and every message is e-mailed exactly once. An upload that stalls
// does not hold the stop.
import { connect } from "node:net";
import { describe, expect } from "vitest";
import { serverEnv, startServer } from "./test/server-process.ts";
import { stopGracefully } from "./test/server-stops.ts";
import { contactMailIds } from "./test/smtp.ts";
import { dialects, storageTest as it } from "./test/storage.ts";
import { waitFor } from "./test/wait-for.ts";
import { startWriteLoad } from "./test/write-load.ts";

describe.each(dialects)("SIGTERM under load on %s", (dialect) => {
  it.override("dialect", dialect);
  it("exits 0 and loses nothing: writes stored, each message e-mailed once", {
    timeout: 60_000,
  }, async ({ freshDbConfig, freshDb: database, smtp }) => {
    // Each delivery takes a while: some mail is being sent when the signal comes, more is waiting.
    smtp.behaviour = { kind: "accept", delayMs: 150 };
    const env = serverEnv(freshDbConfig, smtp.mailEnv());
    const first = await startServer(env);
    const load = startWriteLoad(first.url, { clients: 16, contactEvery: 4, prefix: "stop" });
    const { ackedSessions, ackedMessages } = load;
    await waitFor("acknowledged writes", async () => ackedMessages.length >= 20, 20_000);
    const signalledAt = Date.now();
    await stopGracefully(first);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    await load.stop();
    expect(first.output()).toContain('"msg":"database closed"');

    const second = await startServer(env);
    try {
      const sessions = new Set(
        (await database.db.selectFrom("referrer_visits").select("session_id").execute()).map(
          (row) => row.session_id,
        ),
      );
      const stored = await database.db
        .selectFrom("contact_messages")
        .select(["id", "message"])
        .execute();
      const storedTexts = new Set(stored.map((row) => row.message));
      expect(ackedSessions.filter((id) => !sessions.has(id))).toEqual([]);
      expect(ackedMessages.filter((id) => !storedTexts.has(`stop ${id}`))).toEqual([]);
      smtp.behaviour = { kind: "accept" };
      await waitFor("every delivery", async () => smtp.received.length >= stored.length, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messageIds().sort()).toEqual(contactMailIds(stored.map((row) => row.id)));
    } finally {
      await stopGracefully(second);
    }
  });
});

describe("SIGTERM with an upload that stalls", () => {
  it("drops the stalled upload and exits 0 well within the grace period", {
    timeout: 30_000,
  }, async ({ freshDbConfig }) => {
    const server = await startServer(serverEnv(freshDbConfig));
    const { port } = new URL(server.url);
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    // The server says 100 Continue once it holds the request; then the body stops after a few bytes.
    socket.write(
      "POST /functions/v1/track-referrer HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        "Content-Length: 1000\r\nExpect: 100-continue\r\n\r\n",
    );
    await waitFor("100 Continue", () => received.startsWith("HTTP/1.1 100 Continue"));
    socket.write('{"session_id"');

    const signalledAt = Date.now();
    await stopGracefully(server);
    // The stop's grace is 10 s; the request limit, which used to end the upload, 30 s.
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    await closed;
    expect(server.output()).toContain('"msg":"database closed"');
  });
});
