// The rollup worker's thread on PostgreSQL: a pass there counts the queue in the site's time zone on the thread's
// own connection, a failing pass reaches the caller without ending the thread, a dead thread is started again, and
// closing lets a pass finish.
import { join } from "node:path";
import { describe, expect } from "vitest";
import { recordVisit } from "../test/factories.ts";
import { storageTest as it } from "../test/storage.ts";
import type { AppDatabase } from "./database.ts";
import { RollupThread } from "./rollup-thread.ts";

/** Visits of the daily rollups, by day. */
async function visitsByDay(database: AppDatabase): Promise<Record<string, number>> {
  const rows = await database.db.selectFrom("visit_rollups").select(["day", "visits"]).execute();
  const out: Record<string, number> = {};
  for (const row of rows) out[row.day] = (out[row.day] ?? 0) + Number(row.visits);
  return out;
}

describe("the rollup thread on postgres", () => {
  it.override("dialect", "postgres");

  it("counts the queued visits on its own connection, on the days of the site's time zone", async ({
    freshDb: db,
  }) => {
    // 02:30 UTC on 4 May is still 3 May in New York.
    await recordVisit(db, { source: "organic_search" }, { at: Date.parse("2026-05-04T02:30:00Z") });
    await recordVisit(db, { source: "organic_search" }, { at: Date.parse("2026-05-04T15:00:00Z") });
    const thread = new RollupThread(db.config, "America/New_York");
    try {
      expect(await thread.rollUp()).toEqual({ taken: 2, more: false, locked: true });
      expect(await visitsByDay(db)).toEqual({ "2026-05-03": 1, "2026-05-04": 1 });
      expect(await thread.rollUp()).toEqual({ taken: 0, more: false, locked: true });
    } finally {
      await thread.close();
    }
  });

  it("rejects a pass that fails with the database's error, and runs the next one", async ({
    failingDb,
  }) => {
    const thread = new RollupThread(failingDb.config, "UTC");
    try {
      await expect(thread.rollUp()).rejects.toThrow(/rollup_queue/);
      await expect(thread.rollUp()).rejects.toThrow(/rollup_queue/);
    } finally {
      await thread.close();
    }
  });

  it("starts again after the thread died: each pass fails with the reason instead of waiting", async () => {
    // A folder inside a file: the thread cannot open its database, and dies on start.
    const thread = new RollupThread({ dataDir: join(import.meta.filename, "data") }, "UTC");
    try {
      await expect(thread.rollUp()).rejects.toThrow(/ENOTDIR/);
      await expect(thread.rollUp()).rejects.toThrow(/ENOTDIR/);
    } finally {
      await thread.close();
    }
  });

  it("lets the pass under way finish when it is closed", async ({ freshDb: db }) => {
    await recordVisit(db, { source: "direct" });
    const thread = new RollupThread(db.config, "UTC");
    const pass = thread.rollUp();
    await thread.close();
    expect(await pass).toMatchObject({ taken: 1 });
    expect(await db.db.selectFrom("rollup_queue").select("id").execute()).toEqual([]);
  });
});
