// The weekly reports' outbox on both databases: a week's row is added once whoever tries, a due row is leased to
// one claimer (two connection pools claiming at once), and only the lease holder ends the lease.
import { describe, expect } from "vitest";
import { dialects, storageTest as it } from "../../test/storage.ts";
import type { AppDatabase } from "../database.ts";
import { weeklyReportsRepository } from "./weekly-reports.ts";

const lease = 60_000;
const at = Date.parse("2026-11-16T00:05:00.000Z");

describe.each(dialects)("the weekly reports on %s", (dialect) => {
  it.override("dialect", dialect);
  let database: AppDatabase;

  it.beforeEach(({ freshDb }) => {
    database = freshDb;
  });

  const rows = () => database.db.selectFrom("weekly_reports").selectAll().orderBy("week").execute();

  it("adds a week's report once, however many instances try", async ({ apps, freshDbConfig }) => {
    const second = await apps.open(freshDbConfig);
    const added = await Promise.all([
      weeklyReportsRepository(database).schedule("2026-11-09", at),
      weeklyReportsRepository(second).schedule("2026-11-09", at + 1),
      weeklyReportsRepository(database).schedule("2026-11-09", at + 2),
    ]);
    expect(added.filter(Boolean)).toHaveLength(1);
    const [row] = await rows();
    expect(await rows()).toHaveLength(1);
    expect(row).toMatchObject({ week: "2026-11-09", status: "pending", attempts: 0 });
    expect(await weeklyReportsRepository(database).nextDueAt()).toBe(Number(row!.next_attempt_at));
  });

  it("leases a due report to one claimer, until the lease ends", async ({
    apps,
    freshDbConfig,
  }) => {
    const second = await apps.open(freshDbConfig);
    const one = weeklyReportsRepository(database);
    const two = weeklyReportsRepository(second);
    await one.schedule("2026-11-09", at);
    await one.schedule("2026-11-02", at);
    const claims = await Promise.all([
      one.claim("worker-a", at, lease),
      two.claim("worker-b", at, lease),
      one.claim("worker-c", at, lease),
    ]);
    const won = claims.filter((claimed) => claimed.length > 0);
    expect(won).toHaveLength(1);
    expect(won[0]!.map((claim) => [claim.week, claim.attempts])).toEqual([
      ["2026-11-02", 1],
      ["2026-11-09", 1],
    ]);
    expect(won[0]![0]!.enqueuedAt).toBe(at);
    expect(await one.nextDueAt()).toBe(at + lease);
    expect(await two.claim("worker-b", at + lease - 1, lease)).toEqual([]);
    // A worker that died holding the lease: another takes the reports when it ends.
    const again = await two.claim("worker-b", at + lease, lease);
    expect(again.map((claim) => [claim.week, claim.attempts])).toEqual([
      ["2026-11-02", 2],
      ["2026-11-09", 2],
    ]);
  });

  it("ends a lease only for its holder: sent, retried, failed or released", async () => {
    const reports = weeklyReportsRepository(database);
    for (const week of ["2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09"]) {
      await reports.schedule(week, at);
    }
    await reports.claim("w", at, lease);
    const refused = { kind: "connection" as const, error: "ESOCKET: connect ECONNREFUSED" };
    expect(await reports.finish("2026-10-19", "other", { outcome: "sent", at })).toBe(false);
    expect(await reports.finish("2026-10-19", "w", { outcome: "sent", at })).toBe(true);
    expect(await reports.finish("2026-10-19", "w", { outcome: "sent", at })).toBe(false);
    const retryAt = at + 5_000;
    const retry = { outcome: "retry" as const, retryAt, failure: refused };
    expect(await reports.finish("2026-10-26", "w", retry)).toBe(true);
    const failed = {
      outcome: "failed" as const,
      at,
      failure: { kind: "permanent" as const, error: "550 no" },
    };
    expect(await reports.finish("2026-11-02", "w", failed)).toBe(true);
    expect(await reports.finish("2026-11-09", "w", { outcome: "released", at })).toBe(true);
    const byWeek = Object.fromEntries((await rows()).map((row) => [row.week, row]));
    expect(byWeek["2026-10-19"]).toMatchObject({ status: "sent", lease_owner: null });
    expect(byWeek["2026-10-26"]).toMatchObject({
      status: "pending",
      lease_owner: null,
      last_error: refused.error,
      last_error_kind: "connection",
    });
    expect(byWeek["2026-11-02"]).toMatchObject({ status: "failed", last_error_kind: "permanent" });
    expect(byWeek["2026-11-09"]).toMatchObject({ status: "pending", lease_owner: null });
    // The released report is due now, the retried one at its time; sent and failed ones never again.
    expect(await reports.nextDueAt()).toBe(at);
    expect((await reports.claim("x", at, lease)).map((claim) => claim.week)).toEqual([
      "2026-11-09",
    ]);
    expect(await reports.nextDueAt()).toBe(retryAt);
  });
});
