// Webhooks survive a crash: the real server takes contact messages while the receiver is down, is killed with
// SIGKILL while their deliveries are pending (some leased by the dying worker), and is started again with the
// receiver back: every stored message reaches it exactly once, with one webhook-id each.
import { describe, expect } from "vitest";
import { contactLoad, storedMessages } from "../test/contact-load.ts";
import { serverEnv, startServer } from "../test/server-process.ts";
import { killAbruptly, stopGracefully } from "../test/server-stops.ts";
import { dialects, storageTest as it } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";
import { WebhookReceiver } from "../test/webhook-receiver.ts";

const secret = `whsec_${Buffer.from("a crash test secret, 32 bytes!!!").toString("base64")}`;

describe.each(dialects)("kill -9 while webhooks are pending, on %s", (dialect) => {
  it.override("dialect", dialect);
  it("delivers every stored message exactly once after the restart", {
    timeout: 60_000,
  }, async ({ freshDbConfig, freshDb: database }) => {
    const receiver = await WebhookReceiver.start();
    await receiver.down();
    const env = serverEnv(freshDbConfig, {
      WEBHOOK_URL: receiver.url(),
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE: "on",
    });
    const first = await startServer(env);
    const load = contactLoad(first.url, { clients: 4, label: "crash webhook" });
    const { acked } = load;
    await waitFor("acknowledged messages", async () => acked.length >= 20, 20_000);
    await killAbruptly(first, 300);
    await load.stop();
    expect(first.output()).toMatch(/lead deliveries on/);

    // As if the back-off had passed; the rows the killed instance had leased keep their 5-minute lease, taken back
    // at once by the restarted instance.
    await database.db
      .updateTable("outbox")
      .set({ next_attempt_at: Date.now() })
      .where("status", "=", "pending")
      .where("lease_owner", "is", null)
      .execute();
    await receiver.up();
    const second = await startServer(env);
    try {
      // Every acknowledged message was stored (and maybe a few whose answer the kill cut off).
      const { stored, lost } = await storedMessages(database, acked);
      expect(lost).toEqual([]);
      await waitFor("every delivery", () => receiver.accepted.length >= stored.length, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const delivered = receiver.received.map(
        (request) => (JSON.parse(request.body) as { data: { id: string } }).data.id,
      );
      expect(delivered.sort()).toEqual(stored.map((row) => row.id).sort());
      const ids = new Set(receiver.received.map((request) => request.headers["webhook-id"]));
      expect(ids.size).toBe(stored.length);
    } finally {
      await stopGracefully(second);
      await receiver.close();
    }
  });
});
