// Mail survives a crash: the real server takes contact messages while the SMTP server never answers (so its
// worker holds rows under its 5-minute lease), is killed with SIGKILL, and is started again with SMTP back: every
// stored message is delivered, each exactly once, the leased ones too, without waiting out their lease.
import { describe, expect } from "vitest";
import { contactLoad, storedMessages } from "../test/contact-load.ts";
import { serverEnv, startServer } from "../test/server-process.ts";
import { killAbruptly, stopGracefully } from "../test/server-stops.ts";
import { contactMailIds } from "../test/smtp.ts";
import { dialects, storageTest as it } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

describe.each(dialects)("kill -9 while mail is pending, on %s", (dialect) => {
  it.override("dialect", dialect);
  it.override("smtpOptions", { user: "crash", pass: "crash-pass" });
  it("delivers every stored message exactly once after the restart", {
    timeout: 60_000,
  }, async ({ freshDbConfig, freshDb: database, smtp }) => {
    smtp.behaviour = { kind: "silent" };
    const env = serverEnv(freshDbConfig, smtp.mailEnv());
    const first = await startServer(env);
    const load = contactLoad(first.url, { clients: 8, label: "crash mail", max: 150 });
    const { acked } = load;
    // Killed under load, at an arbitrary moment once some messages are acknowledged: some rows may be leased
    // by the dying worker.
    await waitFor("acknowledged messages", async () => acked.length >= 30, 20_000);
    await killAbruptly(first, 300);
    await load.stop();
    expect(acked.length).toBeGreaterThan(20);
    expect(first.output()).toMatch(/mail delivery on/);
    expect(smtp.received).toHaveLength(0);

    // The rows the killed instance had claimed keep its 5-minute lease: the restarted instance takes them back at
    // once (the killed one holds no lock any more), far sooner than this test waits.
    const leased = await database.db
      .selectFrom("outbox")
      .select("id")
      .where("lease_owner", "is not", null)
      .execute();
    expect(leased.length).toBeGreaterThan(0);
    smtp.behaviour = { kind: "accept" };
    const second = await startServer(env);
    try {
      // Every acknowledged message was stored (and maybe a few whose answer the kill cut off).
      const { stored, lost } = await storedMessages(database, acked);
      expect(lost).toEqual([]);
      await waitFor("every delivery", async () => smtp.received.length >= stored.length, 20_000);
      await waitFor(
        "the sent marks",
        async () => {
          const rows = await database.db.selectFrom("outbox").select("status").execute();
          return rows.length === stored.length && rows.every((row) => row.status === "sent");
        },
        10_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messageIds().sort()).toEqual(contactMailIds(stored.map((row) => row.id)));
    } finally {
      await stopGracefully(second);
    }
  });
});
