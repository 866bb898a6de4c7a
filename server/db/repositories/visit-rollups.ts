// The rollups the console's analytics read (visit_rollups, visit_rollups_by_key, visit_rollups_by_hour), as each
// write keeps them: a visit and a contact message add their counts in the transaction that stores them, a message
// marked spam later is taken out (and put back when not spam), and hours older than yesterday are trimmed.
import { type RawBuilder, sql } from "kysely";
import type { ReferrerSource } from "../../../contracts/admin-api.ts";
import type { AppDatabase, DialectName, Executor } from "../database.ts";
import type { RollupDimension, VisitRollupsTable } from "../schema.ts";

/** A visit's columns that are rollup keys. */
export const visitKeyColumns = [
  "source",
  "referrer_host",
  "landing_path",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;

/** The keys a visit or a message is counted under. */
export type RollupKeys = Omit<VisitRollupsTable, "day" | "visits" | "bot_visits" | "messages">;

/** The keys of a visit's columns ("" for none). */
export interface VisitColumns {
  source: ReferrerSource;
  referrer_host: string | null;
  landing_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

export interface VisitRollupsRepository {
  /** Deletes the hourly rollups of the hours before `before` (ms); the number of rows deleted. */
  pruneHours(before: number): Promise<number>;
  /** Counts a stored visit (in its transaction). */
  countVisit(trx: Executor, at: number, visit: VisitColumns & { is_bot: boolean }): Promise<void>;
  /** Counts a stored contact message (in its transaction); `visit` is its sender's, null when untracked. */
  countMessage(trx: Executor, at: number, visit: VisitColumns | null): Promise<void>;
  /**
   * Takes a counted message out of the rollups (marked spam later, in that transaction): the rows of its time and
   * keys lose one message, never going below zero (a row already trimmed, such as an old hour, stays as it is).
   */
  uncountMessage(trx: Executor, at: number, visit: VisitColumns | null): Promise<void>;
  /**
   * Counts, in bulk, the visits and messages stored in [since, until) that no rollup counts yet (rows loaded
   * without the write path, as the analytics benchmark seeds them), a UTC day per statement; hourly rows are
   * left to the write path. Rows already counted would count twice.
   */
  countStored(since: number, until: number): Promise<void>;
}

const dayMs = 24 * 60 * 60 * 1000;

export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
export const utcHour = (at: number) => new Date(at).toISOString().slice(0, 13);

/** The keys of a visit (or none: "untracked"). */
export function rollupKeys(visit: VisitColumns | null): RollupKeys {
  return {
    source: visit?.source ?? "untracked",
    referrer_host: visit?.referrer_host ?? "",
    landing_path: visit?.landing_path ?? "",
    utm_source: visit?.utm_source ?? "",
    utm_medium: visit?.utm_medium ?? "",
    utm_campaign: visit?.utm_campaign ?? "",
  };
}

/** The narrow rows of some keys: one per dimension, and the "total" row. */
function narrowValues(keys: RollupKeys): [RollupDimension, string][] {
  return [
    ["total", ""],
    ["host", keys.referrer_host],
    ["path", keys.landing_path],
    ["campaign", keys.utm_campaign],
    ["utm_source", keys.utm_source],
    ["utm_medium", keys.utm_medium],
  ];
}

/** Adds counts to the rows of a time and keys: the wide row, the hour's row and one narrow row per dimension. */
async function addCounts(
  trx: Executor,
  at: number,
  keys: RollupKeys,
  counts: { visits: number; bot_visits: number; messages: number },
): Promise<void> {
  const day = utcDay(at);
  await trx
    .insertInto("visit_rollups_by_hour")
    .values({ hour: utcHour(at), ...keys, ...counts })
    .onConflict((conflict) =>
      conflict.columns(["hour", ...visitKeyColumns]).doUpdateSet((eb) => ({
        visits: eb("visit_rollups_by_hour.visits", "+", eb.ref("excluded.visits")),
        bot_visits: eb("visit_rollups_by_hour.bot_visits", "+", eb.ref("excluded.bot_visits")),
        messages: eb("visit_rollups_by_hour.messages", "+", eb.ref("excluded.messages")),
      })),
    )
    .execute();
  await trx
    .insertInto("visit_rollups")
    .values({ day, ...keys, ...counts })
    .onConflict((conflict) =>
      conflict.columns(["day", ...visitKeyColumns]).doUpdateSet((eb) => ({
        visits: eb("visit_rollups.visits", "+", eb.ref("excluded.visits")),
        bot_visits: eb("visit_rollups.bot_visits", "+", eb.ref("excluded.bot_visits")),
        messages: eb("visit_rollups.messages", "+", eb.ref("excluded.messages")),
      })),
    )
    .execute();
  await trx
    .insertInto("visit_rollups_by_key")
    .values(
      narrowValues(keys).map(([dimension, value]) => ({
        dimension,
        day,
        source: keys.source,
        value,
        ...counts,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["dimension", "day", "source", "value"]).doUpdateSet((eb) => ({
        visits: eb("visit_rollups_by_key.visits", "+", eb.ref("excluded.visits")),
        bot_visits: eb("visit_rollups_by_key.bot_visits", "+", eb.ref("excluded.bot_visits")),
        messages: eb("visit_rollups_by_key.messages", "+", eb.ref("excluded.messages")),
      })),
    )
    .execute();
}

/** One message less in the rows of a time and keys (each row that exists and counts one). */
async function removeMessage(trx: Executor, at: number, keys: RollupKeys): Promise<void> {
  const day = utcDay(at);
  let wide = trx
    .updateTable("visit_rollups")
    .set((eb) => ({ messages: eb("messages", "-", 1) }))
    .where("day", "=", day)
    .where("messages", ">", 0);
  let hourly = trx
    .updateTable("visit_rollups_by_hour")
    .set((eb) => ({ messages: eb("messages", "-", 1) }))
    .where("hour", "=", utcHour(at))
    .where("messages", ">", 0);
  for (const column of visitKeyColumns) {
    wide = wide.where(column, "=", keys[column]);
    hourly = hourly.where(column, "=", keys[column]);
  }
  await wide.execute();
  await hourly.execute();
  for (const [dimension, value] of narrowValues(keys)) {
    await trx
      .updateTable("visit_rollups_by_key")
      .set((eb) => ({ messages: eb("messages", "-", 1) }))
      .where("dimension", "=", dimension)
      .where("day", "=", day)
      .where("source", "=", keys.source)
      .where("value", "=", value)
      .where("messages", ">", 0)
      .execute();
  }
}

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
}

export function visitRollupsRepository(database: AppDatabase): VisitRollupsRepository {
  return {
    async countStored(since, until) {
      for (let start = Math.floor(since / dayMs) * dayMs; start < until; start += dayMs) {
        const from = new Date(Math.max(start, since)).toISOString();
        const to = new Date(Math.min(start + dayMs, until)).toISOString();
        await countStoredDay(database, from, to);
      }
    },

    countVisit(trx, at, visit) {
      return addCounts(trx, at, rollupKeys(visit), {
        visits: visit.is_bot ? 0 : 1,
        bot_visits: visit.is_bot ? 1 : 0,
        messages: 0,
      });
    },

    countMessage(trx, at, visit) {
      return addCounts(trx, at, rollupKeys(visit), {
        visits: 0,
        bot_visits: 0,
        messages: 1,
      });
    },

    uncountMessage(trx, at, visit) {
      return removeMessage(trx, at, rollupKeys(visit));
    },

    async pruneHours(before) {
      const result = await database.db
        .deleteFrom("visit_rollups_by_hour")
        .where("hour", "<", utcHour(before))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
