// The bulk path of the rollups: visits and messages loaded without the write path (the analytics benchmark's
// seed) counted a UTC day per statement, and the weeks they touch summed from their days.
import { type RawBuilder, sql } from "kysely";
import { addDays, mondayOf } from "../../../contracts/time-zone.ts";
import type { AppDatabase, DialectName } from "../database.ts";
import type { RollupDimension } from "../schema.ts";
import { audienceColumns, countColumns, visitKeyColumns } from "./rollup-rows.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD (UTC) of a timestamp column: SQLite stores ISO text, PostgreSQL timestamptz. */
function utcDayOf(dialect: DialectName, column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

const wideKeys = sql.join([sql.ref("day"), ...visitKeyColumns.map((column) => sql.ref(column))]);

/** The wide and narrow rows of the visits and messages stored in [from, to), within one UTC day. */
async function countStoredDay(database: AppDatabase, from: string, to: string): Promise<void> {
  const { db, dialect } = database;
  await sql`
    insert into visit_rollups (${wideKeys}, visits, bot_visits, messages)
    select ${utcDayOf(dialect, "created_at")}, source, coalesce(referrer_host, ''), landing_path,
      coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''),
      sum(case when is_bot then 0 else 1 end), sum(case when is_bot then 1 else 0 end), 0
    from referrer_visits
    where created_at >= ${from} and created_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (${wideKeys}) do update set
      visits = visit_rollups.visits + excluded.visits,
      bot_visits = visit_rollups.bot_visits + excluded.bot_visits`.execute(db);
  await sql`
    insert into visit_rollups (${wideKeys}, visits, bot_visits, messages)
    select ${utcDayOf(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
      coalesce(v.referrer_host, ''), coalesce(v.landing_path, ''), coalesce(v.utm_source, ''),
      coalesce(v.utm_medium, ''), coalesce(v.utm_campaign, ''), 0, 0, count(*)
    from contact_messages m left join referrer_visits v on v.session_id = m.session_id
    where m.status = 'new' and m.created_at >= ${from} and m.created_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (${wideKeys}) do update set messages = visit_rollups.messages + excluded.messages`.execute(
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
      insert into visit_rollups_by_key (dimension, day, source, value, visits, bot_visits, messages)
      select ${dimension}, day, source, ${column ?? sql`''`}, sum(visits), sum(bot_visits), sum(messages)
      from visit_rollups
      where day = ${from.slice(0, 10)}
      group by day, source${column ? sql`, ${column}` : sql``}
      on conflict (dimension, day, source, value) do update set
        visits = excluded.visits, bot_visits = excluded.bot_visits, messages = excluded.messages`.execute(
      db,
    );
  }
  // A visit's audience is not in the wide rows: its narrow rows come from the visits and messages themselves.
  for (const column of audienceColumns) {
    await sql`
      insert into visit_rollups_by_key (dimension, day, source, value, visits, bot_visits, messages)
      select ${column}, day, source, value, sum(visits), sum(bot_visits), sum(messages) from (
        select ${utcDayOf(dialect, "created_at")} as day, source, coalesce(${sql.ref(column)}, '') as value,
          sum(case when is_bot then 0 else 1 end) as visits, sum(case when is_bot then 1 else 0 end) as bot_visits,
          0 as messages
        from referrer_visits where created_at >= ${from} and created_at < ${to}
        group by 1, 2, 3
        union all
        select ${utcDayOf(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
          coalesce(${sql.ref(`v.${column}`)}, ''), 0, 0, count(*)
        from contact_messages m left join referrer_visits v on v.session_id = m.session_id
        where m.status = 'new' and m.created_at >= ${from} and m.created_at < ${to}
        group by 1, 2, 3
      ) as counts
      group by day, source, value
      on conflict (dimension, day, source, value) do update set
        visits = visit_rollups_by_key.visits + excluded.visits,
        bot_visits = visit_rollups_by_key.bot_visits + excluded.bot_visits,
        messages = visit_rollups_by_key.messages + excluded.messages`.execute(db);
  }
}

/** Sets the weekly rows of the weeks that start in [firstWeek, endWeek) to the sums of their days. */
async function sumWeeks(database: AppDatabase, firstWeek: string, endWeek: string): Promise<void> {
  const monday =
    database.dialect === "postgres"
      ? sql`to_char(date_trunc('week', cast(day as date)), 'YYYY-MM-DD')`
      : sql`date(day, '-6 days', 'weekday 1')`;
  const sums = sql.join(countColumns.map((column) => sql`sum(${sql.ref(column)})`));
  const replace = sql.join(
    countColumns.map((column) => sql`${sql.ref(column)} = ${sql.ref(`excluded.${column}`)}`),
  );
  await sql`
    insert into visit_rollups_by_key_week (dimension, week, source, value, ${sql.join(countColumns.map((column) => sql.ref(column)))})
    select dimension, ${monday}, source, value, ${sums}
    from visit_rollups_by_key
    where day >= ${firstWeek} and day < ${endWeek}
    group by dimension, ${monday}, source, value
    on conflict (dimension, week, source, value) do update set ${replace}`.execute(database.db);
}

/** Counts the visits and messages stored in [since, until) that no rollup counts yet, a UTC day at a time. */
export async function countStoredRows(
  database: AppDatabase,
  since: number,
  until: number,
): Promise<void> {
  for (let start = Math.floor(since / dayMs) * dayMs; start < until; start += dayMs) {
    const from = new Date(Math.max(start, since)).toISOString();
    const to = new Date(Math.min(start + dayMs, until)).toISOString();
    await countStoredDay(database, from, to);
  }
  const firstWeek = mondayOf(new Date(since).toISOString().slice(0, 10));
  const lastDay = new Date(until - 1).toISOString().slice(0, 10);
  await sumWeeks(database, firstWeek, addDays(mondayOf(lastDay), 7));
}
