// Channels and rates in the rollups, on both databases: rates never above 100% (bots' visits, untracked messages,
// several messages from one visit), every breakdown's rows summing to its totals, and migration 0021 giving the
// visits stored before it their channels from their tags and referrer while older days keep their classes.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { appendEvent, referrerVisit, storeMessage } from "../../test/factories.ts";
import { migrationsFrom, withDatabaseBefore } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { migrateToLatest } from "../database.ts";
import { type Breakdown, referrerAnalyticsRepository } from "./referrer-analytics.ts";
import { referrerVisitsRepository } from "./referrer-visits.ts";
import { visitKeyColumns } from "./rollup-rows.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

const dayMs = 24 * 60 * 60 * 1000;
const day = Date.parse("2026-03-02T00:00:00.000Z");
const window = { since: day - 7 * dayMs, until: day + dayMs };

/** The panels keyed by a visit's columns: each visit and message is in exactly one row of each. */
const keyedPanels = visitKeyColumns;

function expectRowsAddUp(breakdown: Breakdown): void {
  for (const panel of keyedPanels) {
    const rows = breakdown.byDimension[panel];
    const sum = (of: "visits" | "messages" | "converted" | "signed_up") =>
      rows.reduce((total, row) => total + row[of], 0);
    expect(sum("visits"), panel).toBe(breakdown.visits);
    expect(sum("messages"), panel).toBe(breakdown.messages);
    expect(sum("converted"), panel).toBe(breakdown.converted);
    expect(sum("signed_up"), panel).toBe(breakdown.signed_up);
    for (const row of rows) {
      expect(row.converted, `${panel} ${row.value}`).toBeLessThanOrEqual(row.visits);
      expect(row.signed_up, `${panel} ${row.value}`).toBeLessThanOrEqual(row.visits);
    }
  }
  expect(breakdown.funnel.considered).toBeLessThanOrEqual(breakdown.funnel.landed);
  expect(breakdown.funnel.signedUp).toBeLessThanOrEqual(breakdown.funnel.landed);
}

describe.each(dialects)("channels and rates on %s", (dialect) => {
  it.override("dialect", dialect);

  it("keep rates at or under 100% and every breakdown's rows summing to its totals", async ({
    freshDb: db,
  }) => {
    const tagged = referrerVisit({
      referrer_url: "https://www.google.com/",
      referrer_host: "www.google.com",
      source: "email",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
    });
    const direct = referrerVisit({ landing_path: "/pricing" });
    const bot = referrerVisit({ user_agent: "Googlebot/2.1", is_bot: true });
    for (const visit of [tagged, direct, bot]) {
      await referrerVisitsRepository(db, () => day + 1000).record(visit);
    }
    // More messages than visits: three from one visit, one from a bot's visit, two without a counted visit.
    const sends = [tagged, tagged, tagged, bot].map((visit) => visit.session_id);
    for (const [index, session_id] of [...sends, null, randomUUID()].entries()) {
      await storeMessage(
        db,
        { name: `Sender ${index}`, session_id, message: `Message ${index}` },
        { at: day + 2000 + index },
      );
    }
    for (const at of [day + 3000, day + 4000]) {
      await appendEvent(db, { session_id: tagged.session_id, name: "sign_up", path: "/" }, { at });
    }
    await appendEvent(db, { session_id: direct.session_id, name: "pageview", path: "/pricing" });
    await visitRollupsRepository(db, () => day + dayMs).rollUp();
    const analytics = referrerAnalyticsRepository(db);
    const all = await analytics.breakdown(window, {});
    expect(all).toMatchObject({ visits: 2, botVisits: 1, messages: 6, converted: 1, signed_up: 1 });
    expect(all.byDimension.source.find((row) => row.value === "untracked")).toMatchObject({
      visits: 0,
      messages: 3,
      converted: 0,
    });
    expect(all.byDimension.source.find((row) => row.value === "email")).toMatchObject({
      visits: 1,
      messages: 3,
      converted: 1,
      signed_up: 1,
    });
    expectRowsAddUp(all);
    // The wide rollups' path (a filter) adds up the same way.
    const filtered = await analytics.breakdown(window, { utm_campaign: ["spring"] });
    expect(filtered).toMatchObject({ visits: 1, messages: 3, converted: 1, signed_up: 1 });
    expectRowsAddUp(filtered);
  });

  it("give the visits stored before channels their channel, and keep older days' classes", async () => {
    // Visits as the release before channels stored them (source from the referrer alone), and a day whose raw
    // visits retention already deleted: only its rollups are left.
    const labelled = [
      ["www.google.com", "newsletter", "email", "email"],
      ["www.google.com", null, "email", "email"],
      ["www.google.com", "google", "cpc", "paid_search"],
      ["l.facebook.com", "facebook", "cpc", "paid_social"],
      ["l.facebook.com", null, null, "organic_social"],
      ["www.bing.com", null, null, "organic_search"],
      ["mail.google.com", null, null, "email"],
      ["blog.example.com", null, null, "referral"],
      [null, "newsletter", "email", "email"],
      [null, null, null, "direct"],
    ] as const;
    const oldClass = (host: string | null) =>
      host === null
        ? "direct"
        : host.includes("google.com") && !host.startsWith("mail.")
          ? "search"
          : "other";
    await withDatabaseBefore(dialect, "0021-channels", async (older) => {
      const sessions: string[] = [];
      for (const [host, utmSource, utmMedium] of labelled) {
        const visit = referrerVisit({
          referrer_host: host,
          referrer_url: host ? `https://${host}/` : null,
          utm_source: utmSource,
          utm_medium: utmMedium,
        });
        sessions.push(visit.session_id);
        const { device: _d, browser: _b, os: _o, country: _c, ...columns } = visit;
        await sql`insert into referrer_visits (session_id, created_at, referrer_url, referrer_host, source,
            landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content, user_agent, is_bot)
          values (${columns.session_id}, ${new Date(day + 1000).toISOString()}, ${columns.referrer_url},
            ${columns.referrer_host}, ${oldClass(host)}, ${columns.landing_path}, ${columns.utm_source},
            ${columns.utm_medium}, ${columns.utm_campaign}, ${null}, ${null}, ${columns.user_agent},
            ${dialect === "postgres" ? false : 0})`.execute(older.db);
      }
      const oldDay = "2026-02-27";
      // The old day's rows, one per dimension: four search visits from one host, one message.
      for (const [dimension, value] of [
        ["total", ""],
        ["host", "www.google.com"],
        ["path", "/"],
        ["campaign", ""],
        ["utm_source", ""],
        ["utm_medium", ""],
      ]) {
        await sql`insert into visit_rollups_by_key (dimension, day, source, value, visits, bot_visits,
            messages, pageviews, signups, clicks)
          values (${dimension}, ${oldDay}, 'search', ${value}, 4, 0, 1, 0, 0, 0)`.execute(older.db);
        // A week's row is the sum of its days (ADR 35).
        await sql`insert into visit_rollups_by_key_week (dimension, week, source, value, visits, bot_visits,
            messages, pageviews, signups, clicks)
          values (${dimension}, '2026-02-23', 'search', ${value}, 4, 0, 1, 0, 0, 0)`.execute(
          older.db,
        );
      }
      expect(await migrateToLatest(older)).toEqual(migrationsFrom("0021-channels"));
      const stored = await older.db
        .selectFrom("referrer_visits")
        .select(["session_id", "source"])
        .execute();
      const channels = new Map(stored.map((row) => [row.session_id, row.source]));
      expect(sessions.map((session) => channels.get(session))).toEqual(
        labelled.map(([, , , channel]) => channel),
      );
      const analytics = referrerAnalyticsRepository(older);
      const report = await analytics.breakdown(window, {});
      const bySource = Object.fromEntries(
        report.byDimension.source.map((row) => [row.value, row.visits]),
      );
      expect(bySource).toEqual({
        email: 4,
        paid_search: 1,
        paid_social: 1,
        organic_social: 1,
        organic_search: 1,
        referral: 1,
        direct: 1,
        search: 4,
      });
      expectRowsAddUp(report);
      expect(await analytics.channelsSince()).toBe("2026-02-28");
    });
  });
});
