// Daily rollups of visits and contact messages, which the console's reports read instead of raw visits: a wide
// table by every key (UTC day x source class x referrer host x landing path x utm_source / utm_medium /
// utm_campaign) and a narrow one by one key at a time (host, path or campaign, with the source class; "total"
// rows by source class alone), each row
// counting visits by people, visits by bots, and contact messages (spam left out) whose sender's visit had those
// keys (source "untracked" and empty keys when there was no visit). "" stands for "none" in every key: key columns
// are never null, so the primary key is what the upserts conflict on. The migration fills them from the rows
// already stored, a UTC day at a time.
import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

const dayMs = 24 * 60 * 60 * 1000;

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const counts = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
      table
        .addColumn("visits", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("bot_visits", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("messages", "integer", (col) => col.notNull().defaultTo(0));
    await counts(
      db.schema
        .createTable("visit_rollups")
        .addColumn("day", "text", (col) => col.notNull())
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("referrer_host", "text", (col) => col.notNull())
        .addColumn("landing_path", "text", (col) => col.notNull())
        .addColumn("utm_source", "text", (col) => col.notNull())
        .addColumn("utm_medium", "text", (col) => col.notNull())
        .addColumn("utm_campaign", "text", (col) => col.notNull()),
    )
      .addPrimaryKeyConstraint("visit_rollups_pkey", [
        "day",
        "source",
        "referrer_host",
        "landing_path",
        "utm_source",
        "utm_medium",
        "utm_campaign",
      ])
      .execute();
    await counts(
      db.schema
        .createTable("visit_rollups_by_key")
        .addColumn("dimension", "text", (col) => col.notNull())
        .addColumn("day", "text", (col) => col.notNull())
        .addColumn("source", "text", (col) => col.notNull())
        .addColumn("value", "text", (col) => col.notNull()),
    )
      .addPrimaryKeyConstraint("visit_rollups_by_key_pkey", ["dimension", "day", "source", "value"])
      .execute();
    await buildRollups(db, types.dialect);
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("visit_rollups_by_key").ifExists().execute();
    await db.schema.dropTable("visit_rollups").ifExists().execute();
  };
}

/** YYYY-MM-DD (UTC) of a timestamp column: SQLite stores ISO text, PostgreSQL timestamptz. */
function utcDay(dialect: "sqlite" | "postgres", column: string): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

const wideKeys = sql`day, source, referrer_host, landing_path, utm_source, utm_medium, utm_campaign`;

/**
 * Adds the visits and contact messages stored in [since, until) to the rollups, a UTC day per statement (also
 * the bulk path of the analytics benchmark). The days' rows may not be in the rollups yet: they would count twice.
 */
export async function addToRollups(
  db: Kysely<unknown>,
  dialect: "sqlite" | "postgres",
  since: number,
  until: number,
): Promise<void> {
  for (let start = Math.floor(since / dayMs) * dayMs; start < until; start += dayMs) {
    const from = new Date(Math.max(start, since)).toISOString();
    const to = new Date(Math.min(start + dayMs, until)).toISOString();
    const day = from.slice(0, 10);
    await sql`
      insert into visit_rollups (${wideKeys}, visits, bot_visits, messages)
      select ${utcDay(dialect, "created_at")}, source, coalesce(referrer_host, ''), landing_path,
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
      select ${utcDay(dialect, "m.created_at")}, coalesce(v.source, 'untracked'),
        coalesce(v.referrer_host, ''), coalesce(v.landing_path, ''), coalesce(v.utm_source, ''),
        coalesce(v.utm_medium, ''), coalesce(v.utm_campaign, ''), 0, 0, count(*)
      from contact_messages m left join referrer_visits v on v.session_id = m.session_id
      where m.status = 'new' and m.created_at >= ${from} and m.created_at < ${to}
      group by 1, 2, 3, 4, 5, 6, 7
      on conflict (${wideKeys}) do update set messages = visit_rollups.messages + excluded.messages`.execute(
      db,
    );
    for (const [dimension, value] of [
      ["total", sql`''`],
      ["host", sql.ref("referrer_host")],
      ["path", sql.ref("landing_path")],
      ["campaign", sql.ref("utm_campaign")],
    ] as const) {
      await sql`
        insert into visit_rollups_by_key (dimension, day, source, value, visits, bot_visits, messages)
        select ${dimension}, day, source, ${value}, sum(visits), sum(bot_visits), sum(messages)
        from visit_rollups
        where day = ${day}
        group by day, source${dimension === "total" ? sql`` : sql`, ${value}`}
        on conflict (dimension, day, source, value) do update set
          visits = excluded.visits, bot_visits = excluded.bot_visits, messages = excluded.messages`.execute(
        db,
      );
    }
  }
}

/** Fills the rollups from every visit and contact message stored. */
async function buildRollups(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const { rows } = await sql<{ first: string | Date | null; last: string | Date | null }>`
    select min(created_at) as first, max(created_at) as last from (
      select created_at from referrer_visits union all select created_at from contact_messages
    ) stored`.execute(db);
  const first = rows[0]?.first;
  const last = rows[0]?.last;
  if (!first || !last) return;
  await addToRollups(db, dialect, new Date(first).getTime(), new Date(last).getTime() + 1);
}
