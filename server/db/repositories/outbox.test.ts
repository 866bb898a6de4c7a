import { describe, expect } from "vitest";
import { contactMessage, referrerVisit } from "../../test/factories.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import type { AppDatabase } from "../database.ts";
import { contactMessagesRepository } from "./contact-messages/index.ts";
import { outboxRepository } from "./outbox.ts";

const message = contactMessage({ name: "Ada" });

const lease = 60_000;

describe.each(dialects)("the outbox on %s", (dialect) => {
  it.override("dialect", dialect);
  let clock = 0;
  const now = () => clock;
  let database: AppDatabase;

  it.beforeEach(({ freshDb }) => {
    database = freshDb;
    clock = Date.parse("2026-03-01T12:00:00.000Z");
  });

  const rows = () => database.db.selectFrom("outbox").selectAll().execute();

  it("gets a row with each stored message when mail is on, never for spam, duplicates or with mail off", async () => {
    const contacts = contactMessagesRepository(database, now);
    const queued = await contacts.submit(message, { queueMail: true });
    await contacts.submit(message, { queueMail: true }); // duplicate
    await contacts.submit({ ...message, message: "spam", status: "spam" }, { queueMail: true });
    await contacts.submit({ ...message, message: "mail off" });
    expect(await rows()).toEqual([
      expect.objectContaining({
        kind: "contact-mail",
        subject_id: queued.id,
        status: "pending",
        attempts: 0,
        next_attempt_at: dialect === "postgres" ? String(clock) : clock,
        lease_owner: null,
      }),
    ]);
    expect(new Date((await rows())[0]!.created_at).getTime()).toBe(clock);
  });

  it("claims due rows once, up to the limit, oldest first, under a lease", async () => {
    const contacts = contactMessagesRepository(database, now);
    const ids: string[] = [];
    for (let n = 0; n < 5; n++) {
      ids.push((await contacts.submit({ ...message, message: `m${n}` }, { queueMail: true })).id!);
      clock += 1_000;
    }
    const outbox = outboxRepository(database);
    const first = await outbox.claim("worker-a", clock, 3, lease);
    expect(first.map((claim) => claim.subjectId)).toEqual(ids.slice(0, 3));
    expect(first.every((claim) => claim.attempts === 1)).toBe(true);
    const second = await outbox.claim("worker-b", clock, 10, lease);
    expect(second.map((claim) => claim.subjectId)).toEqual(ids.slice(3));
    expect(await outbox.claim("worker-c", clock, 10, lease)).toEqual([]);
    expect(await outbox.nextDueAt()).toBe(clock + lease);
    // A mark by a worker that does not hold the lease changes nothing.
    const sent = { outcome: "sent", at: clock } as const;
    expect(await outbox.finish(first[0]!.id, "worker-b", sent)).toBe(false);
    expect(await outbox.finish(first[0]!.id, "worker-a", sent)).toBe(true);
    expect(await outbox.finish(first[0]!.id, "worker-a", sent)).toBe(false);
    // Once the lease has ended, another worker may take the row.
    const again = await outbox.claim("worker-c", clock + lease, 10, lease);
    expect(again.map((claim) => claim.subjectId).sort()).toEqual(ids.slice(1).sort());
    expect(again.every((claim) => claim.attempts === 2)).toBe(true);
    expect((await outbox.counts("contact-mail")).counts).toEqual({
      pending: 4,
      sent: 1,
      failed: 0,
      cancelled: 0,
    });
  });

  it("reschedules, fails and releases only what the worker holds", async () => {
    const contacts = contactMessagesRepository(database, now);
    const a = (await contacts.submit({ ...message, message: "a" }, { queueMail: true })).id!;
    const b = (await contacts.submit({ ...message, message: "b" }, { queueMail: true })).id!;
    const c = (await contacts.submit({ ...message, message: "c" }, { queueMail: true })).id!;
    const outbox = outboxRepository(database);
    const claimed = new Map(
      (await outbox.claim("w", clock, 10, lease)).map((claim) => [claim.subjectId, claim.id]),
    );
    const end = (id: string, outcome: Parameters<typeof outbox.finish>[2]) =>
      outbox.finish(claimed.get(id)!, "w", outcome);
    const refused = { kind: "connection" as const, error: "ESOCKET: connect ECONNREFUSED" };
    const mail = ["contact-mail"] as const;
    expect(await end(a, { outcome: "retry", retryAt: clock + 5_000, failure: refused })).toBe(true);
    const refusal = { kind: "permanent" as const, error: "550 no" };
    expect(await end(b, { outcome: "retry", retryAt: clock + 5_000, failure: refusal })).toBe(true);
    const long = { kind: "permanent" as const, error: "x".repeat(5_000) };
    expect(await end(c, { outcome: "failed", at: clock, failure: long })).toBe(true);
    expect(await outbox.hasConnectionFailures(mail)).toBe(true);
    // The server answers again: only the message that waited for it is due now.
    expect(await outbox.releaseConnectionFailures(mail, clock + 1)).toBe(1);
    const due = await outbox.claim("w", clock + 1, 10, lease);
    expect(due.map((claim) => claim.subjectId)).toEqual([a]);
    const failed = (await rows()).find((row) => row.subject_id === c)!;
    expect(failed).toMatchObject({ status: "failed", last_error_kind: "permanent" });
    expect(failed.last_error!.length).toBe(1_000);
    expect((await outbox.counts("contact-mail")).counts).toMatchObject({ pending: 2, failed: 1 });
    // A failed row is final.
    expect(await outbox.claim("w", clock + 10 * lease, 10, lease)).toHaveLength(2);
    // The leases of an instance that is gone end (on SQLite: every instance but this one).
    if (dialect === "sqlite") expect(await outbox.releaseOrphans("other", clock)).toBe(2);
    else expect(await outbox.releaseOrphans("1", clock)).toBe(2);
  });

  it("adds a week's report once however many instances try, and leases each due row to one claimer", async ({
    apps,
    freshDbConfig,
  }) => {
    // Two pools on PostgreSQL; one instance serves a SQLite file (its writes are serialized).
    const second = dialect === "postgres" ? await apps.open(freshDbConfig) : database;
    const [one, two] = [outboxRepository(database), outboxRepository(second)];
    // As the weekly report's schedule adds it: its key names the week, its id is new each time.
    const report = (week: string) => [
      { kind: "weekly-report" as const, key: `weekly-report:${week}`, payload: { week } },
    ];
    const added = await Promise.all([
      one.enqueue(report("2026-11-09"), clock),
      two.enqueue(report("2026-11-09"), clock + 1),
      one.enqueue(report("2026-11-09"), clock + 2),
      two.enqueue(report("2026-11-02"), clock),
    ]);
    expect(added[3]).toBe(1);
    expect(added.slice(0, 3).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await rows()).map((row) => row.key).sort()).toEqual([
      "weekly-report:2026-11-02",
      "weekly-report:2026-11-09",
    ]);
    // Due once the last of the three tries' times has come.
    const at = clock + 2;
    const claims = await Promise.all([
      one.claim("worker-a", at, 10, lease),
      two.claim("worker-b", at, 10, lease),
      one.claim("worker-c", at, 10, lease),
    ]);
    const claimed = claims.flat().map((claim) => [claim.payload.week, claim.attempts]);
    expect(claimed.sort()).toEqual([
      ["2026-11-02", 1],
      ["2026-11-09", 1],
    ]);
    expect(await two.claim("worker-b", at + lease - 1, 10, lease)).toEqual([]);
    // A worker that died holding the lease, on a database whose leases no lock marks: taken when it ends.
    const again = await two.claim("worker-b", at + lease, 10, lease);
    expect(again.map((claim) => claim.attempts)).toEqual([2, 2]);
  });

  it("loads a message with its sender's tracked session", async () => {
    const sessionId = "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d";
    await database.db
      .insertInto("referrer_visits")
      .values({
        ...referrerVisit({
          session_id: sessionId,
          referrer_url: "https://duckduckgo.com/",
          referrer_host: "duckduckgo.com",
          source: "organic_search",
          landing_path: "/pricing",
          utm_source: "ddg",
        }),
        created_at: new Date(clock).toISOString(),
      })
      .execute();
    const contacts = contactMessagesRepository(database, now);
    const tracked = await contacts.submit(
      { ...message, session_id: sessionId },
      { queueMail: true },
    );
    const untracked = await contacts.submit(
      { ...message, message: "no session" },
      { queueMail: true },
    );
    const byId = new Map(
      await Promise.all(
        [tracked.id!, untracked.id!].map(
          async (id) => [id, await contacts.forDelivery(id)] as const,
        ),
      ),
    );
    expect(byId.get(tracked.id!)).toMatchObject({
      name: "Ada",
      businessName: null,
      session: {
        landingPath: "/pricing",
        source: "organic_search",
        referrerHost: "duckduckgo.com",
        utm: { source: "ddg" },
      },
    });
    expect(byId.get(tracked.id!)!.createdAt.getTime()).toBe(clock);
    expect(byId.get(untracked.id!)!.session).toBeNull();
  });
});

describe.each(dialects)("queueing mail on %s", (dialect) => {
  it.override("dialect", dialect);
  it("stores the message and its outbox row together or not at all", async ({
    freshDb: database,
  }) => {
    // Without the outbox table the second insert fails: the message must not stay behind alone.
    await database.db.schema.dropTable("outbox").execute();
    const contacts = contactMessagesRepository(database);
    await expect(contacts.submit(message, { queueMail: true })).rejects.toThrow();
    const stored = await database.db.selectFrom("contact_messages").selectAll().execute();
    expect(stored).toEqual([]);
    // With mail off the same message is stored.
    expect((await contacts.submit(message)).stored).toBe(true);
  });
});
