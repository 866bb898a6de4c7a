// The bulk path of the rollups: visits, messages and events loaded without the write path (the analytics
// benchmark's seed) counted a UTC day at a time, as the write path and the rollup worker count them, and the weeks
// they touch summed from their days.
import { type RawBuilder, sql } from "kysely";
import { addDays, mondayOf } from "../../../contracts/time-zone.ts";
import { signUpEvents } from "../../../contracts/track-event.ts";
import type { AppDatabase, DialectName, Executor } from "../database.ts";
import type { RollupDimension } from "../schema.ts";
import { addedCounts, audienceColumns, countColumns, visitKeyColumns } from "./rollup-rows.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD (UTC) of a timestamp column: SQLite stores ISO text, PostgreSQL timestamptz. */
function utcDayOf(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** The page of a pageview's path: the path without its query, as the rollup worker takes it. */
function pageOf(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`split_part(${sql.ref(column)}, '?', 1)`
    : sql<string>`case when instr(${sql.ref(column)}, '?') > 0
        then substr(${sql.ref(column)}, 1, instr(${sql.ref(column)}, '?') - 1) else ${sql.ref(column)} end`;
}

const wideKeys = sql.join([sql.ref("day"), ...visitKeyColumns.map((column) => sql.ref(column))]);

/** `e.name` is one of the sign-up events (contracts/track-event.ts). */
const isSignUp = sql`e.name in (${sql.join(signUpEvents.map((name) => sql.lit(name)))})`;

/** An event's counts: a pageview, or an outbound click (a sign-up click is both a click and a sign-up). */
const eventCounts = sql`sum(case when e.name = 'pageview' then 1 else 0 end),
  sum(case when ${isSignUp} then 1 else 0 end), sum(case when e.name = 'pageview' then 0 else 1 end)`;

/** 1 if the visit by people of referrer_visits (unaliased) reached a step, else 0. */
const reached = (step: string) =>
  sql`case when not is_bot and exists (select 1 from visit_steps s
    where s.session_id = referrer_visits.session_id and s.step = ${step}) then 1 else 0 end`;

/**
 * Joins each event (`e`) to its visit (`v`), if stored. On PostgreSQL each event asks for its own visit by key (the
 * limit keeps the planner from merging the lookup into a join): joined plainly, it hashes the day's events and
 * reads every visit stored, the longest statement of a day at 10,000,000 visits (docs/performance.md, Analytics).
 */
function visitOfEvent(dialect: DialectName): RawBuilder<unknown> {
  return dialect === "postgres"
    ? sql`left join lateral (select * from referrer_visits where session_id = e.session_id limit 1) v on true`
    : sql`left join referrer_visits v on v.session_id = e.session_id`;
}

const counts = sql.join(countColumns.map((column) => sql.ref(column)));
const sums = sql.join(countColumns.map((column) => sql`sum(${sql.ref(column)})`));
const replaced = sql.join(
  countColumns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`),
);
/**
 * The wide and narrow rows of the visits, messages and events stored in [from, to), within one UTC day, and the
 * funnel steps first reached then. Events count as the rollup worker counts them: by people (neither the event nor
 * its visit a bot), under their visit's keys ("untracked" without one).
 */
async function countStoredDay(
  db: Executor,
  dialect: DialectName,
  from: string,
  to: string,
): Promise<void> {
  // The day's events by people with their visit's keys, joined once: the statements below group this table.
  await sql`
    create temp table day_events as
    select ${utcDayOf(dialect, "e.created_at")} as day, e.session_id, e.name, e.path, e.created_at,
      coalesce(v.source, 'untracked') as source, coalesce(v.referrer_host, '') as referrer_host,
      coalesce(v.landing_path, '') as landing_path, coalesce(v.utm_source, '') as utm_source,
      coalesce(v.utm_medium, '') as utm_medium, coalesce(v.utm_campaign, '') as utm_campaign,
      coalesce(v.device, '') as device, coalesce(v.browser, '') as browser, coalesce(v.os, '') as os,
      coalesce(v.country, '') as country
    from site_events e ${visitOfEvent(dialect)}
    where not e.is_bot and (v.is_bot is null or not v.is_bot)
      and e.created_at >= ${from} and e.created_at < ${to}`.execute(db);
  // The steps the day's visits by people reached, whenever they did (each once): what their sign-ups, messages
  // and the funnel count, on the visit's day. Each visit's events are looked up by its key: joined, PostgreSQL
  // misjudges how many events a visit has and scans every event stored, 11 to 16 s a day at 50,000,000 events
  // (docs/performance.md, Analytics).
  await sql`
    with reached as (
      select v.session_id,
        (select min(e.created_at) from site_events e where e.session_id = v.session_id and not e.is_bot
          and e.name = 'pageview'
          and (${pageOf(dialect, "e.path")} = '/pricing' or substr(e.path, 1, 9) = '/features')) as considered,
        (select min(e.created_at) from site_events e where e.session_id = v.session_id and not e.is_bot
          and ${isSignUp}) as signed_up
      from referrer_visits v
      where not v.is_bot and v.created_at >= ${from} and v.created_at < ${to}
    )
    insert into visit_steps (session_id, step, created_at)
    select session_id, 'considered', considered from reached where considered is not null
    union all
    select session_id, 'signed_up', signed_up from reached where signed_up is not null
    on conflict (session_id, step) do nothing`.execute(db);
  await sql`
    insert into visit_steps (session_id, step, created_at)
    select m.session_id, 'messaged', min(m.created_at)
    from contact_messages m join referrer_visits v on v.session_id = m.session_id
    where m.status = 'new' and not v.is_bot and v.created_at >= ${from} and v.created_at < ${to}
    group by 1
    on conflict (session_id, step) do nothing`.execute(db);
  // The day's visits with their keys and the steps they reached, once: the statements below group this table.
  await sql`
    create temp table day_visits as
    select ${utcDayOf(dialect, "created_at")} as day, source, coalesce(referrer_host, '') as referrer_host,
      landing_path, coalesce(utm_source, '') as utm_source, coalesce(utm_medium, '') as utm_medium,
      coalesce(utm_campaign, '') as utm_campaign, coalesce(device, '') as device, coalesce(browser, '') as browser,
      coalesce(os, '') as os, coalesce(country, '') as country, case when is_bot then 0 else 1 end as visits,
      case when is_bot then 1 else 0 end as bot_visits, ${reached("messaged")} as converted,
      ${reached("signed_up")} as signed_up
    from referrer_visits
    where created_at >= ${from} and created_at < ${to}`.execute(db);
  await sql`
    insert into visit_rollups (${wideKeys}, visits, bot_visits, messages, converted, signed_up)
    select ${wideKeys}, sum(visits), sum(bot_visits), 0, sum(converted), sum(signed_up)
    from day_visits
    group by ${wideKeys}
    on conflict (${wideKeys}) do update set
      visits = visit_rollups.visits + excluded.visits,
      bot_visits = visit_rollups.bot_visits + excluded.bot_visits,
      converted = visit_rollups.converted + excluded.converted,
      signed_up = visit_rollups.signed_up + excluded.signed_up`.execute(db);
  await sql`
    insert into visit_rollups (${wideKeys}, visits, bot_visits, messages)
    select ${utcDayOf(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
      coalesce(v.referrer_host, ''), coalesce(v.landing_path, ''), coalesce(v.utm_source, ''),
      coalesce(v.utm_medium, ''), coalesce(v.utm_campaign, ''), 0, 0, count(*)
    from contact_messages m left join referrer_visits v on v.session_id = m.session_id and not v.is_bot
    where m.status = 'new' and m.created_at >= ${from} and m.created_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (${wideKeys}) do update set messages = visit_rollups.messages + excluded.messages`.execute(
    db,
  );
  await sql`
    insert into visit_rollups (${wideKeys}, visits, bot_visits, messages, pageviews, signups, clicks)
    select ${wideKeys}, 0, 0, 0, ${eventCounts}
    from day_events e
    group by ${wideKeys}
    on conflict (${wideKeys}) do update set pageviews = visit_rollups.pageviews + excluded.pageviews,
      signups = visit_rollups.signups + excluded.signups, clicks = visit_rollups.clicks + excluded.clicks`.execute(
    db,
  );
  // The narrow rows are the wide rows of the day summed by one key at a time.
  const narrow: [RollupDimension, RawBuilder<unknown> | null][] = [
    ["total", null],
    ["host", sql.ref("referrer_host")],
    ["path", sql.ref("landing_path")],
    ["campaign", sql.ref("utm_campaign")],
    ["utm_source", sql.ref("utm_source")],
    ["utm_medium", sql.ref("utm_medium")],
  ];
  for (const [dimension, column] of narrow) {
    await sql`
      insert into visit_rollups_by_key (dimension, day, source, value, ${counts})
      select ${dimension}, day, source, ${column ?? sql`''`}, ${sums}
      from visit_rollups
      where day = ${from.slice(0, 10)}
      group by day, source${column ? sql`, ${column}` : sql``}
      on conflict (dimension, day, source, value) do update set ${replaced}`.execute(db);
  }
  // A visit's audience is not in the wide rows: its narrow rows come from the visits, messages and events.
  for (const column of audienceColumns) {
    await sql`
      insert into visit_rollups_by_key (dimension, day, source, value, ${counts})
      select ${column}, day, source, value, ${sums} from (
        select day, source, ${sql.ref(column)} as value, sum(visits) as visits, sum(bot_visits) as bot_visits,
          0 as messages, 0 as pageviews, 0 as signups, 0 as clicks, sum(converted) as converted,
          sum(signed_up) as signed_up
        from day_visits
        group by day, source, ${sql.ref(column)}
        union all
        select ${utcDayOf(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
          coalesce(${sql.ref(`v.${column}`)}, ''), 0, 0, count(*), 0, 0, 0, 0, 0
        from contact_messages m left join referrer_visits v on v.session_id = m.session_id and not v.is_bot
        where m.status = 'new' and m.created_at >= ${from} and m.created_at < ${to}
        group by 1, 2, 3
        union all
        select day, source, ${sql.ref(column)}, 0, 0, 0, ${eventCounts}, 0, 0
        from day_events e
        group by day, source, ${sql.ref(column)}
      ) as counts
      group by day, source, value
      on conflict (dimension, day, source, value) do update set ${addedCounts("visit_rollups_by_key")}`.execute(
      db,
    );
  }
  // An event's own rows: the page of a pageview, the goal of a click.
  await sql`
    insert into visit_rollups_by_key (dimension, day, source, value, ${counts})
    select case when e.name = 'pageview' then 'page' else 'goal' end, day, source,
      case when e.name = 'pageview' then ${pageOf(dialect, "e.path")} else e.name end, 0, 0, 0, ${eventCounts}, 0, 0
    from day_events e
    group by 1, 2, 3, 4
    on conflict (dimension, day, source, value) do update set ${addedCounts("visit_rollups_by_key")}`.execute(
    db,
  );
  // The funnel: the steps of the day's visits by people, counted on their visit's day (stored above).
  await sql`
    insert into visit_rollups_by_key (dimension, day, source, value, ${counts})
    select 'funnel', ${utcDayOf(dialect, "v.created_at")}, v.source, s.step, count(*), 0, 0, 0, 0, 0, 0, 0
    from visit_steps s join referrer_visits v on v.session_id = s.session_id
    where s.step in ('considered', 'signed_up') and not v.is_bot
      and v.created_at >= ${from} and v.created_at < ${to}
    group by 1, 2, 3, 4
    on conflict (dimension, day, source, value) do update set ${addedCounts("visit_rollups_by_key")}`.execute(
    db,
  );
  await sql`drop table day_events`.execute(db);
  await sql`drop table day_visits`.execute(db);
}

/** Sets the weekly rows of the weeks that start in [firstWeek, endWeek) to the sums of their days. */
async function sumWeeks(
  db: Executor,
  dialect: DialectName,
  firstWeek: string,
  endWeek: string,
): Promise<void> {
  const monday =
    dialect === "postgres"
      ? sql`to_char(date_trunc('week', cast(day as date)), 'YYYY-MM-DD')`
      : sql`date(day, '-6 days', 'weekday 1')`;
  await sql`
    insert into visit_rollups_by_key_week (dimension, week, source, value, ${counts})
    select dimension, ${monday}, source, value, ${sums}
    from visit_rollups_by_key
    where day >= ${firstWeek} and day < ${endWeek}
    group by dimension, ${monday}, source, value
    on conflict (dimension, week, source, value) do update set ${replaced}`.execute(db);
}

/**
 * Counts the visits, messages and events stored in [since, until) that no rollup or funnel step counts yet, a UTC
 * day at a time in order (hourly rows are left to the write path).
 */
export async function countStoredRows(
  database: Pick<AppDatabase, "db" | "dialect">,
  since: number,
  until: number,
): Promise<void> {
  const { db, dialect } = database;
  for (let start = Math.floor(since / dayMs) * dayMs; start < until; start += dayMs) {
    const from = new Date(Math.max(start, since)).toISOString();
    const to = new Date(Math.min(start + dayMs, until)).toISOString();
    // A transaction a day: one commit (and fsync) for its dozen statements, not one each (a migration's own
    // transaction holds them all).
    const countDay = async (trx: Executor) => {
      // The server's statement timeout (15 s) is for requests: a day of a large site's rows, counted in bulk on a
      // busy machine, can take longer.
      if (dialect === "postgres") await sql`set local statement_timeout = 0`.execute(trx);
      await countStoredDay(trx, dialect, from, to);
    };
    if (db.isTransaction) await countDay(db);
    else await db.transaction().execute(countDay);
  }
  const firstWeek = mondayOf(new Date(since).toISOString().slice(0, 10));
  const lastDay = new Date(until - 1).toISOString().slice(0, 10);
  await sumWeeks(db, dialect, firstWeek, addDays(mondayOf(lastDay), 7));
}
