// Mail survives a crash: the real server takes contact messages while the SMTP server is down, is killed with
// SIGKILL while that mail is pending, and is started again with SMTP back: every stored message is delivered,
// each exactly once.
import { describe, expect } from "vitest";
import { contactLoad, storedMessages } from "../test/contact-load.ts";
import { serverEnv, startServer } from "../test/server-process.ts";
import { dialects, storageTest as it } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

describe.each(dialects)("kill -9 while mail is pending, on %s", (dialect) => {
  it.override("dialect", dialect);
  it.override("smtpOptions", { user: "crash", pass: "crash-pass" });
  it("delivers every stored message exactly once after the restart", {
    timeout: 60_000,
  }, async ({ freshDbConfig, freshDb: database, smtp }) => {
    await smtp.down();
    const env = serverEnv(freshDbConfig, smtp.mailEnv());
    const first = await startServer(env);
    const load = contactLoad(first.url, { clients: 8, label: "crash mail", max: 150 });
    const { acked } = load;
    // Killed under load, at an arbitrary moment once some messages are acknowledged: some rows may be leased
    // by the dying worker.
    await waitFor("acknowledged messages", async () => acked.length >= 30, 20_000);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    await load.stop();
    expect(acked.length).toBeGreaterThan(20);
    expect(first.output()).toMatch(/mail delivery on/);
    expect(smtp.received).toHaveLength(0);

    if (dialect === "postgres") {
      // A lease of a vanished instance is honoured until it ends (5 minutes): end those leases now, as if
      // the 5 minutes had passed. (On SQLite the restarted single worker releases them itself.)
      await database.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: Date.now() })
        .where("status", "=", "pending")
        .where("lease_owner", "is not", null)
        .execute();
    }
    await smtp.up();
    const second = await startServer(env);
    try {
      // Every acknowledged message was stored (and maybe a few whose answer the kill cut off).
      const { stored, lost } = await storedMessages(database, acked);
      expect(lost).toEqual([]);
      await waitFor("every delivery", async () => smtp.received.length >= stored.length, 20_000);
      await waitFor(
        "the sent marks",
        async () => {
          const rows = await database.db.selectFrom("mail_outbox").select("status").execute();
          return rows.length === stored.length && rows.every((row) => row.status === "sent");
        },
        10_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messageIds().sort()).toEqual(
        stored.map((row) => `<contact.${row.id}@boothpilot.example>`).sort(),
      );
    } finally {
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    }
  });
});
