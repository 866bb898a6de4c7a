// The daily and hourly rollups against the raw rows, on both databases: the counts kept by each write, the ones the
// migrations build from rows already stored, a report that stays the same when retention deletes the raw visits,
// and hourly rows trimmed to today and yesterday.
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { appendEvent, contactMessage, referrerVisit, storeMessage } from "../../test/factories.ts";
import { before0013, migrationsFrom, withDatabaseBefore } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { type AppDatabase, migrateToLatest } from "../database.ts";
import type { ReferrerSource } from "../schema.ts";
import { referrerAnalyticsRepository, splitIntoWeeks } from "./referrer-analytics.ts";
import { type NewReferrerVisit, referrerVisitsRepository } from "./referrer-visits.ts";
import { countColumns } from "./rollup-rows.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

const dayMs = 24 * 60 * 60 * 1000;
const midnight = Date.parse("2026-03-02T00:00:00.000Z");

interface Seed {
  at: number;
  session: string;
  source: ReferrerSource;
  host?: string;
  path?: string;
  campaign?: string;
  bot?: boolean;
}

const session = () => randomUUID();
const repeated = session();
const tracked = session();

/** Visits either side of a UTC midnight, bots, campaigns, and a session sent twice (stored once). */
const visits: Seed[] = [
  {
    at: midnight - 1,
    session: session(),
    source: "organic_search",
    host: "www.google.com",
    path: "/",
  },
  {
    at: midnight - 1,
    session: session(),
    source: "organic_search",
    host: "www.google.com",
    path: "/",
  },
  { at: midnight, session: session(), source: "organic_search", host: "www.google.com", path: "/" },
  {
    at: midnight + 5,
    session: repeated,
    // Tagged utm_medium=email (below): the tags decide its channel, not LinkedIn.
    source: "email",
    host: "www.linkedin.com",
    path: "/pricing",
    campaign: "launch",
  },
  { at: midnight + 9, session: repeated, source: "direct", path: "/features" },
  {
    at: midnight + 10,
    session: session(),
    source: "referral",
    host: "bot.example",
    path: "/",
    bot: true,
  },
  { at: midnight - dayMs, session: tracked, source: "email", path: "/contact", campaign: "spring" },
  { at: midnight + 3 * dayMs, session: session(), source: "direct", path: "/features" },
];

const newVisit = (seed: Seed): NewReferrerVisit =>
  referrerVisit({
    session_id: seed.session,
    referrer_url: seed.host ? `https://${seed.host}/` : null,
    referrer_host: seed.host ?? null,
    source: seed.source,
    landing_path: seed.path ?? "/",
    utm_source: seed.campaign ? "newsletter" : null,
    utm_medium: seed.campaign ? "email" : null,
    utm_campaign: seed.campaign ?? null,
    user_agent: seed.bot ? "Googlebot/2.1" : "Mozilla/5.0 Firefox/140.0",
    is_bot: seed.bot ?? false,
    device: seed.bot ? "other" : "desktop",
    browser: seed.bot ? "Googlebot" : "Firefox",
    country: seed.host ? "US" : "",
  });

/** The messages of the seed: one sender address, numbered names and texts. */
const newMessage = (index: number, session: string | null, spam: boolean) =>
  contactMessage({
    name: `Sender ${index}`,
    email: "sender@example.com",
    message: `Message ${index}`,
    session_id: session,
    client_hash: "hash",
    status: spam ? "spam" : "new",
  });

/** Messages with a tracked visit, without one (no session, an unknown session), and spam (never counted). */
const messages = [
  { at: midnight - 1, session: tracked, spam: false },
  { at: midnight + 1, session: tracked, spam: false },
  { at: midnight + 2, session: null, spam: false },
  { at: midnight + 3, session: session(), spam: false },
  { at: midnight + 4, session: repeated, spam: false },
  { at: midnight + 5, session: tracked, spam: true },
];

async function seed(database: AppDatabase): Promise<void> {
  for (const visit of visits) {
    await referrerVisitsRepository(database, () => visit.at).record(newVisit(visit));
  }
  await visitRollupsRepository(database).rollUp();
  for (const [index, message] of messages.entries()) {
    await storeMessage(database, newMessage(index, message.session, message.spam), {
      at: message.at,
    });
  }
}

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

const hour = (value: Date | string) => new Date(value).toISOString().slice(0, 13);

/**
 * The wide rollup as a direct count over the raw rows: "key|key|..." -> [visits, bots, messages], by UTC day (or
 * by UTC hour with `bucket` = hour).
 */
async function directCount(
  database: AppDatabase,
  bucket: (value: Date | string) => string = day,
): Promise<Record<string, number[]>> {
  const { db } = database;
  const raw = await db.selectFrom("referrer_visits").selectAll().execute();
  const sent = await db
    .selectFrom("contact_messages as m")
    .leftJoin("referrer_visits as v", "v.session_id", "m.session_id")
    .select(["m.created_at", "v.source", "v.referrer_host", "v.landing_path"])
    .select(["v.utm_source", "v.utm_medium", "v.utm_campaign"])
    .where("m.status", "=", "new")
    .execute();
  const counts: Record<string, number[]> = {};
  const add = (keys: unknown[], index: number) => {
    const key = keys.map((value) => value ?? "").join("|");
    counts[key] ??= [0, 0, 0];
    (counts[key] as number[])[index]! += 1;
  };
  for (const v of raw) {
    const keys = [bucket(v.created_at), v.source, v.referrer_host, v.landing_path];
    add([...keys, v.utm_source, v.utm_medium, v.utm_campaign], v.is_bot ? 1 : 0);
  }
  for (const m of sent) {
    const keys = [bucket(m.created_at), m.source ?? "untracked", m.referrer_host, m.landing_path];
    add([...keys, m.utm_source, m.utm_medium, m.utm_campaign], 2);
  }
  return counts;
}

/** The daily wide rollup (or the hourly one) as "time|key|..." -> [visits, bots, messages]. */
async function rollup(
  database: AppDatabase,
  table: "visit_rollups" | "visit_rollups_by_hour" = "visit_rollups",
): Promise<Record<string, number[]>> {
  const rows =
    table === "visit_rollups"
      ? (await database.db.selectFrom(table).selectAll().execute()).map(({ day, ...r }) => ({
          at: day,
          ...r,
        }))
      : (await database.db.selectFrom(table).selectAll().execute()).map(({ hour, ...r }) => ({
          at: hour,
          ...r,
        }));
  return Object.fromEntries(
    rows.map((r) => [
      [
        r.at,
        r.source,
        r.referrer_host,
        r.landing_path,
        r.utm_source,
        r.utm_medium,
        r.utm_campaign,
      ].join("|"),
      [Number(r.visits), Number(r.bot_visits), Number(r.messages)],
    ]),
  );
}

/** Each narrow rollup is the wide one summed over the other keys. */
async function expectNarrowMatchesWide(database: AppDatabase): Promise<void> {
  const wide = await database.db.selectFrom("visit_rollups").selectAll().execute();
  const expected: Record<string, number[]> = {};
  for (const r of wide) {
    for (const [dimension, value] of [
      ["total", ""],
      ["host", r.referrer_host],
      ["path", r.landing_path],
      ["campaign", r.utm_campaign],
      ["utm_source", r.utm_source],
      ["utm_medium", r.utm_medium],
    ]) {
      const key = [dimension, r.day, r.source, value].join("|");
      expected[key] ??= [0, 0, 0];
      const sums = expected[key];
      sums[0]! += Number(r.visits);
      sums[1]! += Number(r.bot_visits);
      sums[2]! += Number(r.messages);
    }
  }
  const narrow = await database.db
    .selectFrom("visit_rollups_by_key")
    .selectAll()
    .where("dimension", "in", ["total", "host", "path", "campaign", "utm_source", "utm_medium"])
    .execute();
  expect(
    Object.fromEntries(
      narrow.map((r) => [
        [r.dimension, r.day, r.source, r.value].join("|"),
        [Number(r.visits), Number(r.bot_visits), Number(r.messages)],
      ]),
    ),
  ).toEqual(expected);
}

/** Each audience dimension (device, browser, OS, country) splits a day's and source's total, "" for unknown. */
async function expectAudienceSplitsTotals(database: AppDatabase): Promise<void> {
  const narrow = await database.db.selectFrom("visit_rollups_by_key").selectAll().execute();
  const sums = (dimension: string) => {
    const out: Record<string, number[]> = {};
    for (const r of narrow.filter((row) => row.dimension === dimension)) {
      const key = `${r.day}|${r.source}`;
      out[key] ??= [0, 0, 0];
      const row = out[key];
      row[0]! += Number(r.visits);
      row[1]! += Number(r.bot_visits);
      row[2]! += Number(r.messages);
    }
    return out;
  };
  const totals = sums("total");
  expect(Object.keys(totals).length).toBeGreaterThan(0);
  for (const dimension of ["device", "browser", "os", "country"]) {
    expect(sums(dimension)).toEqual(totals);
  }
}

/** Each weekly row is its week's daily rows summed, the week starting on the Monday (counted here from the dates). */
async function expectWeeksSumDays(database: AppDatabase): Promise<void> {
  const columns = ["visits", "bot_visits", "messages", "pageviews", "signups", "clicks"] as const;
  const daily = await database.db.selectFrom("visit_rollups_by_key").selectAll().execute();
  const expected: Record<string, number[]> = {};
  for (const row of daily) {
    const date = new Date(`${row.day}T00:00:00Z`);
    const monday = day(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * dayMs));
    const key = [row.dimension, monday, row.source, row.value].join("|");
    const sums = expected[key] ?? columns.map(() => 0);
    expected[key] = sums.map((sum, index) => sum + Number(row[columns[index] ?? "visits"]));
  }
  const weekly = await database.db.selectFrom("visit_rollups_by_key_week").selectAll().execute();
  const shown = Object.fromEntries(
    weekly
      .filter((row) => columns.some((column) => Number(row[column]) !== 0))
      .map((row) => [
        [row.dimension, row.week, row.source, row.value].join("|"),
        columns.map((column) => Number(row[column])),
      ]),
  );
  const nonZero = Object.fromEntries(
    Object.entries(expected).filter(([, sums]) => sums.some((n) => n !== 0)),
  );
  expect(Object.keys(nonZero).length).toBeGreaterThan(0);
  expect(shown).toEqual(nonZero);
}

/** Every row of a daily or weekly rollup: "time|keys..." -> its six counts, rows counting nothing left out. */
async function allRows(
  database: AppDatabase,
  table: "visit_rollups" | "visit_rollups_by_key" | "visit_rollups_by_key_week",
): Promise<Record<string, number[]>> {
  const rows: Record<string, string | number>[] = await database.db
    .selectFrom(table)
    .selectAll()
    .execute();
  const keyColumns = Object.keys(rows[0] ?? {}).filter(
    (column) => !(countColumns as readonly string[]).includes(column),
  );
  return Object.fromEntries(
    rows
      .map((row) => [
        keyColumns.map((column) => row[column]).join("|"),
        countColumns.map((column) => Number(row[column])),
      ])
      .filter(([, counts]) => (counts as number[]).some((n) => n !== 0)),
  );
}

/**
 * The visits and contact messages of `from` as raw rows in `to`, which no rollup counts yet. Never triaged, so the
 * triage columns are left out (they came after the rollups, in 0005: an older schema has none).
 */
async function copyRawRows(
  from: AppDatabase,
  to: AppDatabase,
  { audience = false } = {},
): Promise<void> {
  const iso = (value: Date | string) => new Date(value).toISOString();
  const stored = await from.db.selectFrom("referrer_visits").selectAll().execute();
  await to.db
    .insertInto("referrer_visits")
    .values(
      // The audience columns came after the rollups, in 0010: an older schema has none.
      stored.map(({ device, browser, os, country, ...v }) => ({
        ...v,
        ...(audience ? { device, browser, os, country } : {}),
        created_at: iso(v.created_at),
        is_bot: Boolean(v.is_bot),
      })),
    )
    .execute();
  const sent = await from.db.selectFrom("contact_messages").selectAll().execute();
  // The triage columns came in 0005, the search text in 0013 and the spam score in 0014; the rollups read none.
  await before0013(to)
    .insertInto("contact_messages")
    .values(
      sent.map(
        ({
          read_at: _read,
          handled_at: _handled,
          search_text: _search,
          spam_score: _score,
          spam_reasons: _reasons,
          ...m
        }) => ({
          ...m,
          created_at: iso(m.created_at),
        }),
      ),
    )
    .execute();
}

const window = { since: midnight - 10 * dayMs, until: midnight + 10 * dayMs };

describe.each(dialects)("daily rollups on %s", (dialect) => {
  it.override("dialect", dialect);

  it("count what a direct count over the raw rows gives", async ({ freshDb: db }) => {
    await seed(db);
    const direct = await directCount(db);
    expect(await rollup(db)).toEqual(direct);
    expect(await rollup(db, "visit_rollups_by_hour")).toEqual(await directCount(db, hour));
    await expectNarrowMatchesWide(db);
    await expectAudienceSplitsTotals(db);
    await expectWeeksSumDays(db);
    // Spot checks a reader can follow: two people before midnight, one after; the repeated session once.
    expect(direct["2026-03-01|organic_search|www.google.com|/|||"]).toEqual([2, 0, 0]);
    expect(direct["2026-03-02|organic_search|www.google.com|/|||"]).toEqual([1, 0, 0]);
    expect(direct["2026-03-02|referral|bot.example|/|||"]).toEqual([0, 1, 0]);
    expect(direct["2026-03-02|untracked|||||"]).toEqual([0, 0, 2]);
    expect(direct["2026-03-02|email||/contact|newsletter|email|spring"]).toEqual([0, 0, 1]);
    const report = await referrerAnalyticsRepository(db).report(window);
    expect(report.visits).toBe(6);
    expect(report.botVisits).toBe(1);
    expect(report.messagesBySource.find((row) => row.source === "untracked")?.messages).toBe(2);
    expect(report.byCampaign).toEqual([
      { campaign: "launch", visits: 1 },
      { campaign: "spring", visits: 1 },
    ]);
    const searchOnly = await referrerAnalyticsRepository(db).report(window, {
      sources: ["organic_search"],
    });
    expect(searchOnly.visits).toBe(3);
    expect(searchOnly.byLandingPath).toEqual([{ path: "/", visits: 3 }]);
  });

  it("are built by the migration from the rows stored before it", async ({ freshDb: db }) => {
    await seed(db);
    const expected = await rollup(db);
    await withDatabaseBefore(dialect, "0004-visit-rollups", async (older) => {
      await copyRawRows(db, older);
      expect(await migrateToLatest(older)).toEqual(migrationsFrom("0004-visit-rollups"));
      expect(await rollup(older)).toEqual(expected);
      await expectNarrowMatchesWide(older);
      await expectWeeksSumDays(older);
    });
  });

  it("are counted in bulk from rows loaded without the write path, as the write path counts them", async ({
    freshDb: db,
    storage,
  }) => {
    await seed(db);
    const expected = await rollup(db);
    const loaded = await storage.database(dialect);
    await copyRawRows(db, loaded, { audience: true });
    await visitRollupsRepository(loaded).countStored(window.since, window.until);
    expect(await rollup(loaded)).toEqual(expected);
    await expectNarrowMatchesWide(loaded);
    await expectAudienceSplitsTotals(loaded);
    await expectWeeksSumDays(loaded);
    const audienceRows = (database: AppDatabase) =>
      database.db
        .selectFrom("visit_rollups_by_key")
        .select(["dimension", "day", "source", "value", "visits", "bot_visits", "messages"])
        .where("dimension", "in", ["device", "browser", "os", "country"])
        .orderBy(["dimension", "day", "source", "value"])
        .execute();
    const numbers = (rows: Awaited<ReturnType<typeof audienceRows>>) =>
      rows.map((row) => ({
        ...row,
        visits: Number(row.visits),
        bot_visits: Number(row.bot_visits),
        messages: Number(row.messages),
      }));
    expect(numbers(await audienceRows(loaded))).toEqual(numbers(await audienceRows(db)));
  });

  it("count events in bulk as the rollup worker counts them, pages, goals and the funnel included", async ({
    freshDb: db,
    storage,
    apps,
  }) => {
    await seed(db);
    const [first, second] = visits;
    const events: [number, string, string, string, boolean?][] = [
      // A visit's pages either side of midnight: its funnel step counts on the day it first reached it.
      [midnight - 1, first!.session, "pageview", "/"],
      [midnight + 60_000, first!.session, "pageview", "/pricing?plan=free"],
      [midnight + 2 * dayMs, first!.session, "pageview", "/features/booth-maps"],
      [midnight + 2 * dayMs, first!.session, "sign_up", "/pricing"],
      [midnight + 3 * dayMs, first!.session, "sign_up", "/pricing"],
      [midnight - 60_000, second!.session, "pageview", "/pricing"],
      [midnight - 1, second!.session, "pageview", "/features"],
      [midnight, second!.session, "login", "/"],
      [midnight + 10, repeated, "pageview", "/pricing"],
      [midnight + 11, repeated, "video", "/"],
      [midnight - dayMs, tracked, "sample_event", "/contact"],
      // A flagged event, an event of a bot's visit, and an event whose visit never arrived (untracked).
      [midnight + 12, repeated, "pageview", "/blog", true],
      [midnight + 13, visits[5]!.session, "pageview", "/"],
      [midnight + 14, session(), "sign_up", "/"],
    ];
    // Visits of one minute, each apart from the first in one key alone, with a pageview each: a pass that merged
    // any two of them would count one key's rows twice and another's not at all.
    const base = referrerVisit({
      referrer_url: "https://www.google.com/",
      referrer_host: "www.google.com",
      source: "organic_search",
      landing_path: "/pricing",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      device: "desktop",
      browser: "Firefox",
      os: "Linux",
      country: "US",
    });
    const apart: Partial<NewReferrerVisit>[] = [
      {},
      { source: "organic_social" },
      { referrer_host: "www.bing.com" },
      { landing_path: "/features" },
      { utm_source: "bing" },
      { utm_medium: "email" },
      { utm_campaign: "autumn" },
      { device: "mobile" },
      { browser: "Chrome" },
      { os: "Windows" },
      { country: "CA" },
    ];
    for (const [index, key] of apart.entries()) {
      const visit = { ...base, ...key, session_id: session() };
      await referrerVisitsRepository(db, () => midnight + 20_000 + index).record(visit);
      events.push([midnight + 30_000 + index, visit.session_id, "pageview", "/"]);
    }
    for (const [at, session_id, name, path, is_bot] of events) {
      await appendEvent(
        db,
        { session_id, name: name as "pageview", path, is_bot: is_bot ?? false },
        { at },
      );
    }
    // The event without a visit has waited its minute for it.
    await visitRollupsRepository(db, () => window.until).rollUp();
    // The file's database holds the visits already (the test before copies them there): a new one.
    const loaded = await apps.open(await storage.newConfig(dialect));
    await copyRawRows(db, loaded, { audience: true });
    const stored = await db.db.selectFrom("site_events").selectAll().execute();
    await loaded.db
      .insertInto("site_events")
      .values(
        stored.map((e) => ({
          ...e,
          created_at: new Date(e.created_at).toISOString(),
          is_bot: Boolean(e.is_bot),
        })),
      )
      .execute();
    await visitRollupsRepository(loaded).countStored(window.since, window.until);
    for (const table of [
      "visit_rollups",
      "visit_rollups_by_key",
      "visit_rollups_by_key_week",
    ] as const) {
      expect(await allRows(loaded, table), table).toEqual(await allRows(db, table));
    }
    const steps = (database: AppDatabase) =>
      database.db
        .selectFrom("visit_steps")
        .select(["session_id", "step", "created_at"])
        .orderBy("session_id")
        .orderBy("step")
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, created_at: new Date(r.created_at).getTime() })));
    expect(await steps(loaded)).toEqual(await steps(db));
    // Spot checks: the query is left out of the page; both Sunday visits are considered, the first on Monday, and it signed
    // up on Wednesday, both counted on its own Sunday with its visit; the untracked sign-up reaches no step.
    const pricing = await allRows(db, "visit_rollups_by_key");
    expect(pricing["page|2026-03-02|organic_search|/pricing"]).toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
    expect(pricing["funnel|2026-03-01|organic_search|considered"]).toEqual([
      2, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(pricing["funnel|2026-03-01|organic_search|signed_up"]).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(pricing["total|2026-03-01|organic_search|"]?.[7]).toBe(1);
    expect(pricing["goal|2026-03-02|untracked|sign_up"]).toEqual([0, 0, 0, 0, 1, 1, 0, 0]);
  });

  it("take a message marked spam later out of its week as out of its day", async ({
    freshDb: db,
  }) => {
    await seed(db);
    const rollups = visitRollupsRepository(db);
    // The untracked message sent just after the Monday midnight, and the tracked one of the Sunday before it: the
    // Sunday's week has no message left; the Monday's keeps one of each source but the untracked two.
    // The messages stay stored as they were: the tracked visit still has one that is not spam.
    const stillMessaged = async () => true;
    await db.write((trx) => rollups.uncountMessage(trx, midnight + 2, null, stillMessaged));
    const keys = await referrerVisitsRepository(db).keysOf(tracked);
    await db.write((trx) => rollups.uncountMessage(trx, midnight - 1, keys, stillMessaged));
    await expectWeeksSumDays(db);
    const weekTotals = await db.db
      .selectFrom("visit_rollups_by_key_week")
      .select(["week", "source", "messages"])
      .where("dimension", "=", "total")
      .where("messages", ">", 0)
      .orderBy(["week", "source"])
      .execute();
    expect(weekTotals.map((row) => [row.week, row.source, Number(row.messages)])).toEqual([
      ["2026-03-02", "email", 2],
      ["2026-03-02", "untracked", 1],
    ]);
  });

  it("read a window as its whole weeks and the days around them, as its days count", async ({
    freshDb: db,
  }) => {
    // A visit a day for four weeks from Sunday 2026-03-01, each from its own host, plus a bot on the Mondays.
    const first = midnight - dayMs;
    for (let index = 0; index < 28; index++) {
      const at = first + index * dayMs + dayMs / 2;
      const host = `day-${index}.example`;
      await referrerVisitsRepository(db, () => at).record(
        newVisit({ at, session: session(), source: "organic_search", host, path: "/" }),
      );
      if (index % 7 === 1) {
        await referrerVisitsRepository(db, () => at + 1).record(
          newVisit({ at: at + 1, session: session(), source: "referral", host, bot: true }),
        );
      }
    }
    await visitRollupsRepository(db).rollUp();
    const analytics = referrerAnalyticsRepository(db);
    for (let start = 0; start < 7; start++) {
      for (const length of [1, 6, 7, 8, 13, 14, 15, 21]) {
        const since = first + start * dayMs;
        const report = await analytics.breakdown({ since, until: since + length * dayMs }, {});
        const hosts = Array.from({ length }, (_, offset) => `day-${start + offset}.example`);
        const label = `${length} days from ${day(new Date(since))}`;
        expect(report.visits, label).toBe(length);
        expect(
          report.byDimension.referrer_host.map((row) => [row.value, row.visits]).sort(),
          label,
        ).toEqual(hosts.map((host) => [host, 1]).sort());
        expect(report.botVisits, label).toBe(hosts.filter((_, i) => (start + i) % 7 === 1).length);
      }
    }
  });

  it("are built by the migration for today's and yesterday's hours", async () => {
    await withDatabaseBefore(dialect, "0007-hourly-rollups", async (older) => {
      const now = Date.now();
      const startOfYesterday = (Math.floor(now / dayMs) - 1) * dayMs;
      // Everything recent in the current hour's first moments: no visit and message straddle an hour's end.
      const thisHour = Math.floor(now / (60 * 60_000)) * 60 * 60_000;
      const recent = [
        {
          at: thisHour,
          session: session(),
          source: "organic_search" as const,
          host: "www.bing.com",
        },
        { at: thisHour, session: tracked, source: "email" as const, campaign: "spring" },
        { at: startOfYesterday, session: session(), source: "direct" as const },
        { at: startOfYesterday - 1, session: session(), source: "direct" as const },
      ];
      const iso = (at: number) => new Date(at).toISOString();
      await older.db
        .insertInto("referrer_visits")
        .values(
          recent.map((v) => {
            // Before 0010: no audience columns.
            const { device: _d, browser: _b, os: _o, country: _c, ...visit } = newVisit(v);
            return { ...visit, created_at: iso(v.at) };
          }),
        )
        .execute();
      await before0013(older)
        .insertInto("contact_messages")
        .values(
          [
            { at: thisHour, session: tracked, status: "new" as const },
            { at: thisHour, session: null, status: "new" as const },
            { at: thisHour, session: tracked, status: "spam" as const },
          ].map((m, index) => ({
            id: randomUUID(),
            created_at: iso(m.at),
            ...newMessage(index, m.session, m.status === "spam"),
          })),
        )
        .execute();
      expect(await migrateToLatest(older)).toEqual(migrationsFrom("0007-hourly-rollups"));
      // Every hour from the start of yesterday, and nothing before it.
      const direct = await directCount(older, hour);
      const expected = Object.fromEntries(
        Object.entries(direct).filter(([key]) => key >= hour(iso(startOfYesterday))),
      );
      expect(Object.keys(expected)).toHaveLength(4);
      expect(await rollup(older, "visit_rollups_by_hour")).toEqual(expected);
    });
  });

  it("keep today's and yesterday's hours only, with raw visits kept forever", async ({ apps }) => {
    const app = await apps.start({ VISIT_RETENTION_DAYS: "0" });
    const now = Date.now();
    const startOfYesterday = (Math.floor(now / dayMs) - 1) * dayMs;
    for (const at of [now, startOfYesterday, startOfYesterday - 1, now - 5 * dayMs]) {
      await referrerVisitsRepository(app.database, () => at).record(
        newVisit({ at, session: session(), source: "direct" }),
      );
    }
    await app.rollupWorker.catchUp();
    await app.visitRetention.run();
    const hours = await app.database.db
      .selectFrom("visit_rollups_by_hour")
      .select("hour")
      .orderBy("hour")
      .execute();
    expect(hours.map((row) => row.hour)).toEqual([
      hour(new Date(startOfYesterday)),
      hour(new Date(now)),
    ]);
    const raw = await app.database.db.selectFrom("referrer_visits").select("session_id").execute();
    expect(raw).toHaveLength(4);
  });

  it("keep the report when retention deletes the raw visits", async ({ apps }) => {
    const app = await apps.start({ VISIT_RETENTION_DAYS: "30" });
    const database = app.database;
    const now = Date.now();
    const old = Array.from({ length: 1_100 }, (_, index) => ({
      at: now - 40 * dayMs - index * 60_000,
      session: session(),
      source: "organic_search" as const,
      host: `host${index % 7}.example`,
      path: "/",
    }));
    const recent = { at: now - dayMs, session: session(), source: "direct" as const };
    const all = [...old, recent];
    // A hundred at a time: on SQLite they share transactions, on PostgreSQL the pool's connections.
    for (let start = 0; start < all.length; start += 100) {
      await Promise.all(
        all
          .slice(start, start + 100)
          .map((visit) =>
            referrerVisitsRepository(database, () => visit.at).record(newVisit(visit)),
          ),
      );
    }
    await app.rollupWorker.catchUp();
    const span = { since: Math.floor((now - 60 * dayMs) / dayMs) * dayMs, until: now + dayMs };
    const before = await app.repositories.referrerAnalytics.report(span);
    expect(before.visits).toBe(1_101);
    expect(await app.visitRetention.run()).toBe(1_100);
    const left = await database.db.selectFrom("referrer_visits").select("session_id").execute();
    expect(left).toEqual([{ session_id: recent.session }]);
    expect(await app.repositories.referrerAnalytics.report(span)).toEqual(before);
  });
});

describe("a window split into weeks", () => {
  it("keeps the whole Monday-to-Sunday weeks, and the days before and after them", () => {
    // 2026-08-29 is a Saturday, 2026-11-27 a Friday (the end is not in the window).
    expect(splitIntoWeeks("2026-08-29", "2026-11-27")).toEqual({
      weeks: ["2026-08-31", "2026-11-23"],
      days: [
        ["2026-08-29", "2026-08-31"],
        ["2026-11-23", "2026-11-27"],
      ],
    });
    expect(splitIntoWeeks("2026-08-31", "2026-09-14")).toEqual({
      weeks: ["2026-08-31", "2026-09-14"],
      days: [],
    });
    // Seven days from a Tuesday hold no whole week.
    expect(splitIntoWeeks("2026-09-01", "2026-09-08")).toEqual({
      weeks: null,
      days: [["2026-09-01", "2026-09-08"]],
    });
    expect(splitIntoWeeks("2026-09-01", "2026-09-01")).toEqual({ weeks: null, days: [] });
  });
});
