// Hourly rollups for the console's "today" chart (per UTC hour, beside yesterday's), by the same keys as the wide
// daily rollups and kept for today and yesterday only; and indexes that let a breakdown filtered by host, landing
// page or campaign read only that value's wide rows instead of every row of the range.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC hour of a timestamp column, "YYYY-MM-DDTHH": SQLite stores ISO text, PostgreSQL timestamptz. */
function utcHour(dialect: "sqlite" | "postgres", column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`
    : sql<string>`substr(${sql.ref(column)}, 1, 13)`;
}

const keys = sql`hour, source, referrer_host, landing_path, utm_source, utm_medium, utm_campaign`;

/** Adds the visits and contact messages stored since `since` (ms) to the hourly rollups, which must hold none. */
export async function addToHourlyRollups(
  db: Kysely<unknown>,
  dialect: "sqlite" | "postgres",
  since: number,
): Promise<void> {
  const from = new Date(since).toISOString();
  await sql`
    insert into visit_rollups_by_hour (${keys}, visits, bot_visits, messages)
    select ${utcHour(dialect, "created_at")}, source, coalesce(referrer_host, ''), landing_path,
      coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''),
      sum(case when is_bot then 0 else 1 end), sum(case when is_bot then 1 else 0 end), 0
    from referrer_visits
    where created_at >= ${from}
    group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  await sql`
    insert into visit_rollups_by_hour (${keys}, visits, bot_visits, messages)
    select ${utcHour(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
      coalesce(v.referrer_host, ''), coalesce(v.landing_path, ''), coalesce(v.utm_source, ''),
      coalesce(v.utm_medium, ''), coalesce(v.utm_campaign, ''), 0, 0, count(*)
    from contact_messages m left join referrer_visits v on v.session_id = m.session_id
    where m.status = 'new' and m.created_at >= ${from}
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (${keys}) do update set messages = visit_rollups_by_hour.messages + excluded.messages`.execute(
    db,
  );
}

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("visit_rollups_by_hour")
      .addColumn("hour", "text", (col) => col.notNull())
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("referrer_host", "text", (col) => col.notNull())
      .addColumn("landing_path", "text", (col) => col.notNull())
      .addColumn("utm_source", "text", (col) => col.notNull())
      .addColumn("utm_medium", "text", (col) => col.notNull())
      .addColumn("utm_campaign", "text", (col) => col.notNull())
      .addColumn("visits", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("bot_visits", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("messages", "integer", (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("visit_rollups_by_hour_pkey", [
        "hour",
        "source",
        "referrer_host",
        "landing_path",
        "utm_source",
        "utm_medium",
        "utm_campaign",
      ])
      .execute();
    const startOfYesterday = (Math.floor(Date.now() / dayMs) - 1) * dayMs;
    await addToHourlyRollups(db, types.dialect, startOfYesterday);
    for (const column of ["referrer_host", "landing_path", "utm_campaign"]) {
      await db.schema
        .createIndex(`visit_rollups_${column}_day`)
        .on("visit_rollups")
        .columns([column, "day"])
        .execute();
    }
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const column of ["referrer_host", "landing_path", "utm_campaign"]) {
      await db.schema.dropIndex(`visit_rollups_${column}_day`).ifExists().execute();
    }
    await db.schema.dropTable("visit_rollups_by_hour").ifExists().execute();
  };
}
