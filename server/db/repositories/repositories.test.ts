import { describe, expect } from "vitest";
import { contactMessage, referrerVisit, siteEvent } from "../../test/factories.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { clientAddressHasher } from "./client-addresses.ts";
import { contactMessagesRepository, duplicateWindowMs } from "./contact-messages/index.ts";
import { referrerVisitsRepository } from "./referrer-visits.ts";
import { siteEventsRepository } from "./site-events.ts";

const message = contactMessage({ name: "Ada" });

describe.each(dialects)("repositories on %s", (dialect) => {
  it.override("dialect", dialect);
  let clock = 0;
  const now = () => clock;

  it.beforeEach(() => {
    clock = Date.parse("2026-03-01T12:00:00.000Z");
  });

  it("stores the same contact payload again once the minute is over", async ({ freshDb: db }) => {
    const repository = contactMessagesRepository(db, now);
    const first = await repository.submit(message);
    expect(first.stored).toBe(true);
    clock += duplicateWindowMs - 1;
    expect(await repository.submit({ ...message, client_hash: "other" })).toEqual({
      stored: false,
      id: null,
    });
    clock += 1;
    const later = await repository.submit(message);
    expect(later.stored).toBe(true);
    const rows = await db.db
      .selectFrom("contact_messages")
      .select(["id", "created_at"])
      .orderBy("created_at")
      .execute();
    expect(rows.map((row) => row.id)).toEqual([first.id, later.id]);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });

  it("forgets old payload claims", async ({ freshDb: db }) => {
    const repository = contactMessagesRepository(db, now);
    await repository.submit(message);
    clock += 2 * duplicateWindowMs;
    await repository.submit({ ...message, message: "another" });
    const claims = await db.db.selectFrom("contact_submission_guard").selectAll().execute();
    expect(claims).toHaveLength(1);
  });

  it("records a session's first visit only", async ({ freshDb: db }) => {
    const repository = referrerVisitsRepository(db, now);
    const visit = referrerVisit({ session_id: "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d" });
    expect(await repository.record(visit)).toEqual({ recorded: true });
    expect(await repository.record({ ...visit, landing_path: "/pricing" })).toEqual({
      recorded: false,
    });
    const rows = await db.db.selectFrom("referrer_visits").select("landing_path").execute();
    expect(rows).toEqual([{ landing_path: "/" }]);
  });

  it("stores visits and events that arrive together, each id once, each queued once", async ({
    freshDb: db,
  }) => {
    const visits = referrerVisitsRepository(db, now);
    const events = siteEventsRepository(db, now);
    const batch = Array.from({ length: 30 }, () => referrerVisit());
    const repeated = batch[0]!;
    const event = siteEvent({ session_id: repeated.session_id });
    const answers = await Promise.all([
      ...batch.map((visit) => visits.record(visit)),
      visits.record({ ...repeated, landing_path: "/pricing" }),
      events.append(event),
      events.append(event),
    ]);
    expect(answers.map((answer) => answer.recorded)).toEqual([
      ...batch.map(() => true),
      false,
      true,
      false,
    ]);
    const stored = await db.db.selectFrom("referrer_visits").select("landing_path").execute();
    expect(stored).toHaveLength(30);
    expect(stored.every((row) => row.landing_path === "/")).toBe(true);
    const queued = await db.db.selectFrom("rollup_queue").select(["kind", "id"]).execute();
    expect(
      queued
        .filter((row) => row.kind === "visit")
        .map((row) => row.id)
        .sort(),
    ).toEqual(batch.map((visit) => visit.session_id).sort());
    expect(queued.filter((row) => row.kind === "event")).toEqual([
      { kind: "event", id: event.event_id },
    ]);
  });

  it("stores a spike of 4,000 visits in one turn with one commit", async ({ freshDb: db }) => {
    let commits = 0;
    const counted: typeof db = {
      ...db,
      write: (work) => {
        commits++;
        return db.write(work);
      },
    };
    const visits = referrerVisitsRepository(counted, now);
    const spike = Array.from({ length: 4_000 }, () => referrerVisit());
    const answers = await Promise.all(spike.map((visit) => visits.record(visit)));
    expect(answers.every((answer) => answer.recorded)).toBe(true);
    // One commit: SQLite binds at most 32,766 values to a statement (4,000 visits of 13 columns are 52,000), so the
    // rows must be split across statements rather than the batch failing and being retried row by row.
    expect(commits).toBe(1);
    const stored = await db.db
      .selectFrom("referrer_visits")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(4_000);
  });

  it("fails only the caller of a row the database refuses, storing the rest of its batch", async ({
    freshDb: db,
  }) => {
    const visits = referrerVisitsRepository(db, now);
    const good = [referrerVisit(), referrerVisit()];
    // A row the contract would never let through: the column is NOT NULL.
    const bad = referrerVisit({ landing_path: null as unknown as string });
    const answers = await Promise.allSettled([
      visits.record(good[0]!),
      visits.record(bad),
      visits.record(good[1]!),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const stored = await db.db.selectFrom("referrer_visits").select("session_id").execute();
    expect(stored.map((row) => row.session_id).sort()).toEqual(
      good.map((visit) => visit.session_id).sort(),
    );
    expect(await db.db.selectFrom("rollup_queue").select("id").execute()).toHaveLength(2);
  });

  it("hashes client addresses with a salt that rotates daily and is then deleted", async ({
    freshDb: db,
  }) => {
    const hasher = clientAddressHasher(db, now);
    const monday = await hasher.hash("203.0.113.7");
    expect(monday).not.toContain("203.0.113.7");
    expect(await hasher.hash("203.0.113.7")).toBe(monday);
    expect(await hasher.hash("203.0.113.8")).not.toBe(monday);
    // Another instance on the same database agrees within the day.
    expect(await clientAddressHasher(db, now).hash("203.0.113.7")).toBe(monday);

    clock += 24 * 60 * 60_000;
    const tuesday = await hasher.hash("203.0.113.7");
    expect(tuesday).not.toBe(monday);
    const salts = await db.db.selectFrom("address_salts").select("day").execute();
    expect(salts).toEqual([{ day: "2026-03-02" }]);
  });
});
