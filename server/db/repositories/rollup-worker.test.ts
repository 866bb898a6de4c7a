// The rollup worker on both databases: events counted under their visit's source and campaign, a first pageview
// that arrives before its visit, bots left out, a crash between the append and the rollup (counted once after the
// restart), and two instances rolling up the same queue at once on PostgreSQL,
// and a pass whose rows take several statements.
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { appendEvent, recordVisit } from "../../test/factories.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { type AppDatabase, openDatabase } from "../database.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

const at = Date.parse("2026-05-04T10:15:00.000Z");

/** The sums of the narrow rows of a dimension: value -> [visits, pageviews, signups, clicks]. */
async function narrow(database: AppDatabase, dimension: string): Promise<Record<string, number[]>> {
  const rows = await database.db
    .selectFrom("visit_rollups_by_key")
    .selectAll()
    .where("dimension", "=", dimension as "total")
    .execute();
  const out: Record<string, number[]> = {};
  for (const row of rows) {
    const key = `${row.source}|${row.value}`;
    out[key] ??= [0, 0, 0, 0];
    const sums = out[key];
    sums[0]! += Number(row.visits);
    sums[1]! += Number(row.pageviews);
    sums[2]! += Number(row.signups);
    sums[3]! += Number(row.clicks);
  }
  return out;
}

const queued = async (database: AppDatabase) =>
  (await database.db.selectFrom("rollup_queue").select("id").execute()).length;

describe.each(dialects)("the rollup worker on %s", (dialect) => {
  it.override("dialect", dialect);

  it("counts a guide's sign-up button as a goal of its own and as a sign-up, the funnel's last step", async ({
    freshDb: db,
  }) => {
    const session = await recordVisit(
      db,
      { source: "organic_search", landing_path: "/guides/event-series" },
      { at },
    );
    await appendEvent(
      db,
      { session_id: session, path: "/guides/event-series" },
      { at: at + 1_000 },
    );
    await appendEvent(
      db,
      { session_id: session, name: "guide_sign_up", path: "/guides/event-series" },
      { at: at + 2_000 },
    );
    await visitRollupsRepository(db, () => at + 5_000).rollUp();
    expect(await narrow(db, "goal")).toEqual({ "organic_search|guide_sign_up": [0, 0, 1, 1] });
    expect((await narrow(db, "funnel"))["organic_search|signed_up"]?.[0]).toBe(1);
  });

  it("counts pageviews and clicks under their visit's source, campaign and landing page", async ({
    freshDb: db,
  }) => {
    const session = await recordVisit(
      db,
      {
        source: "organic_social",
        referrer_host: "www.linkedin.com",
        landing_path: "/pricing",
        utm_source: "linkedin",
        utm_medium: "social",
        utm_campaign: "spring-fair",
      },
      { at },
    );
    for (const path of ["/pricing?utm_campaign=spring-fair", "/features", "/contact"]) {
      await appendEvent(db, { session_id: session, path }, { at: at + 1_000 });
    }
    await appendEvent(db, { session_id: session, name: "sign_up" }, { at: at + 2_000 });
    await appendEvent(db, { session_id: session, name: "login" }, { at: at + 3_000 });
    // A bot's pageview and a pageview of a bot's visit count nowhere.
    await appendEvent(db, { session_id: session, is_bot: true }, { at: at + 4_000 });
    const botSession = await recordVisit(db, { is_bot: true, user_agent: "Googlebot" }, { at });
    await appendEvent(db, { session_id: botSession, name: "sign_up" }, { at });

    const result = await visitRollupsRepository(db, () => at + 5_000).rollUp();
    expect(result).toEqual({ taken: 9, more: false, locked: true });
    expect(await queued(db)).toBe(0);

    expect(await narrow(db, "campaign")).toEqual({
      "organic_social|spring-fair": [1, 3, 1, 2],
      "direct|": [0, 0, 0, 0],
    });
    expect((await narrow(db, "path"))["organic_social|/pricing"]).toEqual([1, 3, 1, 2]);
    expect((await narrow(db, "host"))["organic_social|www.linkedin.com"]).toEqual([1, 3, 1, 2]);
    // Top pages without their query; goals by name.
    expect(await narrow(db, "page")).toEqual({
      "organic_social|/pricing": [0, 1, 0, 0],
      "organic_social|/features": [0, 1, 0, 0],
      "organic_social|/contact": [0, 1, 0, 0],
    });
    expect(await narrow(db, "goal")).toEqual({
      "organic_social|sign_up": [0, 0, 1, 1],
      "organic_social|login": [0, 0, 0, 1],
    });
    const wide = await db.db.selectFrom("visit_rollups").selectAll().execute();
    expect(
      wide.map((row) => [row.day, row.utm_campaign, Number(row.pageviews), Number(row.signups)]),
    ).toContainEqual(["2026-05-04", "spring-fair", 3, 1]);
    const hours = await db.db.selectFrom("visit_rollups_by_hour").selectAll().execute();
    expect(hours.find((row) => row.utm_campaign === "spring-fair")).toMatchObject({
      hour: "2026-05-04T10",
    });

    // A second pass finds nothing to count.
    expect(await visitRollupsRepository(db, () => at + 6_000).rollUp()).toEqual({
      taken: 0,
      more: false,
      locked: true,
    });
    expect((await narrow(db, "campaign"))["organic_social|spring-fair"]).toEqual([1, 3, 1, 2]);
  });

  it("counts a visit once per funnel step, however many pageviews and clicks it makes", async ({
    freshDb: db,
  }) => {
    const session = await recordVisit(db, { source: "organic_search" }, { at });
    for (const path of ["/pricing", "/features/booth-maps", "/pricing?plan=pro", "/about"]) {
      await appendEvent(db, { session_id: session, path }, { at });
    }
    await appendEvent(db, { session_id: session, name: "sign_up" }, { at });
    await appendEvent(db, { session_id: session, name: "sign_up" }, { at });
    const rollups = visitRollupsRepository(db, () => at + 1_000);
    await rollups.rollUp();
    // Later pageviews and clicks of the same visit, in another pass.
    await appendEvent(db, { session_id: session, path: "/features" }, { at: at + 500 });
    await appendEvent(db, { session_id: session, name: "sign_up" }, { at: at + 500 });
    await rollups.rollUp();
    const other = await recordVisit(db, { source: "organic_search" }, { at });
    await appendEvent(db, { session_id: other, path: "/" }, { at });
    await rollups.rollUp();
    expect(await narrow(db, "funnel")).toEqual({
      "organic_search|considered": [1, 0, 0, 0],
      "organic_search|signed_up": [1, 0, 0, 0],
    });
    expect((await narrow(db, "total"))["organic_search|"]).toEqual([2, 6, 3, 3]);
  });

  it("lets a pageview wait a minute for its visit, then counts it as untracked", async ({
    freshDb: db,
  }) => {
    const early = randomUUID();
    const lost = randomUUID();
    await appendEvent(db, { session_id: early }, { at });
    await appendEvent(db, { session_id: lost }, { at });
    expect((await visitRollupsRepository(db, () => at + 1_000).rollUp()).taken).toBe(0);
    await recordVisit(
      db,
      { session_id: early, source: "email", utm_campaign: "newsletter" },
      { at: at + 500 },
    );
    expect((await visitRollupsRepository(db, () => at + 2_000).rollUp()).taken).toBe(2);
    expect(await queued(db)).toBe(1);
    expect(await visitRollupsRepository(db, () => at + 61_000).rollUp()).toMatchObject({
      taken: 1,
    });
    expect(await narrow(db, "campaign")).toEqual({
      "email|newsletter": [1, 1, 0, 0],
      "untracked|": [0, 1, 0, 0],
    });
  });

  it("is not held up by events still waiting for their visits", async ({ freshDb: db }) => {
    for (let index = 0; index < 6; index++) await appendEvent(db, {}, { at });
    const session = await recordVisit(db, { utm_campaign: "later" }, { at: at + 1 });
    await appendEvent(db, { session_id: session }, { at: at + 1 });
    const rollups = visitRollupsRepository(db, () => at + 1_000);
    // A pass of 5 skips the 6 waiting pageviews and counts the visit and its pageview; nothing more is due.
    expect(await rollups.rollUp({ limit: 5 })).toEqual({ taken: 2, more: false, locked: true });
    expect((await narrow(db, "campaign"))["direct|later"]).toEqual([1, 1, 0, 0]);
  });

  it("counts what was appended before a crash once, after the restart", async ({
    freshDbConfig,
  }) => {
    const first = await openDatabase(freshDbConfig);
    const session = await recordVisit(first, { utm_campaign: "autumn" }, { at });
    await appendEvent(first, { session_id: session, name: "sign_up" }, { at });
    // The process stops before any pass: the rows and their queue rows were committed together.
    await first.close();
    const restarted = await openDatabase(freshDbConfig);
    try {
      expect(await queued(restarted)).toBe(2);
      const rollups = visitRollupsRepository(restarted, () => at + 1_000);
      expect((await rollups.rollUp()).taken).toBe(2);
      expect((await rollups.rollUp()).taken).toBe(0);
      expect(await narrow(restarted, "campaign")).toEqual({ "direct|autumn": [1, 0, 1, 1] });
    } finally {
      await restarted.close();
    }
  });
  it("counts a pass whose rows take several statements of different sizes, and adds to them the next time", async ({
    freshDb: db,
  }) => {
    // 450 campaigns: statements of 200, 200 and 50 rows in each table; the second pass updates every row.
    const campaigns = Array.from({ length: 450 }, (_, index) => `campaign-${index}`);
    const rollups = visitRollupsRepository(db, () => at + 1_000);
    for (let pass = 1; pass <= 2; pass++) {
      for (const campaign of campaigns) await recordVisit(db, { utm_campaign: campaign }, { at });
      expect((await rollups.rollUp()).taken).toBe(450);
      const counted = await narrow(db, "campaign");
      expect(Object.keys(counted)).toHaveLength(450);
      for (const campaign of campaigns)
        expect(counted[`direct|${campaign}`]).toEqual([pass, 0, 0, 0]);
      const days = await db.db
        .selectFrom("visit_rollups")
        .select(["utm_campaign", "visits"])
        .execute();
      expect(days).toHaveLength(450);
      expect(days.every((row) => Number(row.visits) === pass)).toBe(true);
    }
  });
});

describe("the rollup worker on postgres, two instances at once", () => {
  it.override("dialect", "postgres");

  it("counts each queued row once", async ({ freshDb: db, freshDbConfig }) => {
    const other = await openDatabase(freshDbConfig);
    try {
      const sessions = await Promise.all(
        Array.from({ length: 300 }, () => recordVisit(db, { utm_campaign: "fair" }, { at })),
      );
      await Promise.all(
        sessions.map((session) =>
          appendEvent(db, { session_id: session, name: "sign_up" }, { at }),
        ),
      );
      const passes = [db, other].flatMap((database) =>
        Array.from({ length: 3 }, () =>
          visitRollupsRepository(database, () => at + 1_000).rollUp({ limit: 50, wait: true }),
        ),
      );
      const results = await Promise.all(passes);
      while ((await visitRollupsRepository(other, () => at + 1_000).rollUp()).taken > 0) {}
      expect(results.every((result) => result.locked)).toBe(true);
      expect(await queued(db)).toBe(0);
      expect(await narrow(db, "campaign")).toEqual({ "direct|fair": [300, 0, 300, 300] });
    } finally {
      await other.close();
    }
  });
});
