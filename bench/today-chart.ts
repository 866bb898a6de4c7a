// `npm run bench:today-chart`: whether the console's "today" chart could read today's raw rows instead of the hourly
// rollups (visit_rollups_by_hour). Stores one day of traffic (by default 111,000 visits, a day of 10 million over 90
// days, with five events each: pageviews and one click in two a sign-up), counts it with the rollup worker's passes,
// then times the chart both ways on the console's reader, plain and filtered by a campaign, on SQLite and
// (with --postgres) PostgreSQL: the median and the slowest of --runs.
//
//   npm run bench:today-chart -- [--visits 111000] [--runs 20] [--postgres <admin URL>]
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Insertable, sql } from "kysely";
import { type AppDatabase, migrateToLatest, openDatabase } from "../server/db/database.ts";
import { referrerAnalyticsRepository } from "../server/db/repositories/referrer-analytics.ts";
import { visitRollupsRepository } from "../server/db/repositories/visit-rollups.ts";
import type { Schema } from "../server/db/schema.ts";
import { machine, percentile, withPostgres } from "./helpers.ts";

const { values: args } = parseArgs({
  options: {
    visits: { type: "string", default: "111000" },
    runs: { type: "string", default: "20" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL },
  },
});
const visitCount = Number(args.visits);
const runs = Number(args.runs);
const dayMs = 86_400_000;
/** Today (UTC), whose hours the chart shows; the stored rows fill all of it. */
const todayStart = Math.floor(Date.now() / dayMs) * dayMs;
const day = { since: todayStart, until: todayStart + dayMs };

/** One day of visits (47 referrer hosts, 26 landing pages, a campaign on one in nine) and their events, queued. */
async function storeDay(database: AppDatabase): Promise<void> {
  const { db } = database;
  for (let first = 0; first < visitCount; first += 1000) {
    const visits: Insertable<Schema["referrer_visits"]>[] = [];
    const events: Insertable<Schema["site_events"]>[] = [];
    for (let n = first; n < Math.min(first + 1000, visitCount); n++) {
      const at = new Date(day.since + Math.floor((n / visitCount) * dayMs)).toISOString();
      const host = n % 47 < 41 ? `site-${n % 47}.example` : null;
      const campaign = n % 9 === 0 ? `campaign-${n % 5}` : null;
      const session = randomUUID();
      visits.push({
        session_id: session,
        created_at: at,
        referrer_url: host && `https://${host}/`,
        referrer_host: host,
        source: host ? ("referral" as const) : ("direct" as const),
        landing_path: `/page-${n % 26}`,
        utm_source: campaign && "newsletter",
        utm_medium: campaign && "email",
        utm_campaign: campaign,
        user_agent: "Mozilla/5.0",
        is_bot: false,
      });
      for (let e = 0; e < 5; e++) {
        const name = e < 4 ? "pageview" : n % 2 === 0 ? "sign_up" : "login";
        events.push({
          event_id: randomUUID(),
          session_id: session,
          created_at: at,
          name,
          path: `/page-${e}`,
          is_bot: false,
        });
      }
    }
    const queue = [
      ...visits.map((v) => ({
        kind: "visit" as const,
        id: v.session_id,
        created_at: v.created_at,
      })),
      ...events.map((e) => ({ kind: "event" as const, id: e.event_id, created_at: e.created_at })),
    ];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("referrer_visits").values(visits).execute();
      for (const [table, rows] of [
        ["site_events", events],
        ["rollup_queue", queue],
      ] as const) {
        for (let start = 0; start < rows.length; start += 1000) {
          await trx
            .insertInto(table)
            .values(rows.slice(start, start + 1000))
            .execute();
        }
      }
    });
  }
}

/**
 * Today's chart from the raw rows: visits, pageviews, sign-ups and clicks per UTC hour, bots left out (the chart's
 * contact messages, a few a day, would add one more small query).
 */
async function chartFromRows(database: AppDatabase, campaign: string | null): Promise<number> {
  const { reports: db, dialect } = database;
  const hour = (column: string) =>
    dialect === "postgres"
      ? sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`)
      : sql.raw(`substr(${column}, 1, 13)`);
  const since = new Date(day.since).toISOString();
  const until = new Date(day.until).toISOString();
  const inCampaign = (table: string) =>
    campaign ? sql`and ${sql.ref(`${table}.utm_campaign`)} = ${campaign}` : sql``;
  const visits = await sql`select ${hour("v.created_at")} as hour, count(*) as visits
    from referrer_visits v where v.created_at >= ${since} and v.created_at < ${until} and not v.is_bot
    ${inCampaign("v")} group by 1`.execute(db);
  const events = await sql`select ${hour("e.created_at")} as hour,
      sum(case when e.name = 'pageview' then 1 else 0 end) as pageviews,
      sum(case when e.name = 'sign_up' then 1 else 0 end) as signups,
      sum(case when e.name <> 'pageview' then 1 else 0 end) as clicks
    from site_events e left join referrer_visits v on v.session_id = e.session_id
    where e.created_at >= ${since} and e.created_at < ${until} and not e.is_bot and not coalesce(v.is_bot, false)
    ${inCampaign("v")} group by 1`.execute(db);
  return visits.rows.length + events.rows.length;
}

async function time(run: () => Promise<unknown>): Promise<string> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${percentile(times, 0.5).toFixed(1)} ms, slowest ${percentile(times, 1).toFixed(1)} ms`;
}

async function bench(label: string, database: AppDatabase): Promise<void> {
  await migrateToLatest(database);
  let started = performance.now();
  await storeDay(database);
  console.log(
    `${label}: ${visitCount} visits and ${visitCount * 5} events stored in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  started = performance.now();
  const worker = visitRollupsRepository(database);
  while ((await worker.rollUp()).more) {}
  console.log(
    `${label}: counted by the rollup worker in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // As autovacuum would by then: the planner needs the tables' statistics to pick the indexes.
  if (database.dialect === "postgres") await sql`analyze`.execute(database.db);
  const analytics = referrerAnalyticsRepository(database);
  for (const campaign of [null, "campaign-0"]) {
    const what = campaign ? `filtered by ${campaign}` : "plain";
    console.log(
      `${label}: today's chart, ${what}, from the hourly rollups: ${await time(() => analytics.perHour(day, campaign ? { utm_campaign: [campaign] } : {}))}`,
    );
    console.log(
      `${label}: today's chart, ${what}, from the raw rows: ${await time(() => chartFromRows(database, campaign))}`,
    );
  }
}

console.log(`Measured on ${machine()}, ${runs} runs each after one warm-up.`);
const dataDir = await mkdtemp(join(tmpdir(), "bench-today-chart-"));
try {
  const sqlite = await openDatabase({ dataDir });
  await bench("SQLite", sqlite).finally(() => sqlite.close());
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
if (args.postgres) {
  await withPostgres(args.postgres, async (url) => {
    const postgres = await openDatabase({ dataDir, databaseUrl: url });
    await bench("PostgreSQL", postgres).finally(() => postgres.close());
  });
}
