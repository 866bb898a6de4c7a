// The rollups the console's analytics read (visit_rollups, visit_rollups_by_key and its sums by week,
// visit_rollups_by_key_week, visit_rollups_by_hour). A visit or
// an event is appended with a row in rollup_queue and counted later by the rollup worker (`rollUp`), one worker at a
// time, so no request updates a shared counter row; a contact message (a few a day) is still counted in the
// transaction that stores it, a message marked spam later is taken out (and put back when not spam), and hours
// older than yesterday are trimmed.
import { type RawBuilder, sql } from "kysely";
import type { ReferrerSource } from "../../../contracts/admin-api.ts";
import { addDays, mondayOf, zonedDay, zonedHour } from "../../../contracts/time-zone.ts";
import type { AppDatabase, DialectName, Executor } from "../database.ts";
import type {
  DeviceClass,
  FunnelStep,
  RollupDimension,
  Timestamp,
  VisitRollupsTable,
} from "../schema.ts";

/** A visit's columns that are rollup keys. */
export const visitKeyColumns = [
  "source",
  "referrer_host",
  "landing_path",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;

/** A visit's audience columns, counted in the narrow rollups only. */
export const audienceColumns = ["device", "browser", "os", "country"] as const;

const countColumns = [
  "visits",
  "bot_visits",
  "messages",
  "pageviews",
  "signups",
  "clicks",
] as const;

/** What a rollup row counts. */
export type RollupCounts = Record<(typeof countColumns)[number], number>;

/** The keys a visit or a message is counted under. */
export type RollupKeys = Pick<VisitRollupsTable, (typeof visitKeyColumns)[number]>;

/** The keys of a visit's columns ("" for none), with its audience when known. */
export interface VisitColumns {
  source: ReferrerSource;
  referrer_host: string | null;
  landing_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device?: DeviceClass | null;
  browser?: string | null;
  os?: string | null;
  country?: string | null;
}

export interface RollUpResult {
  /** Queue rows taken (counted, or dropped when their visit or event is gone). */
  taken: number;
  /** True when the pass stopped at its limit: more rows are waiting. */
  more: boolean;
  /** False when another instance held the worker's lock (PostgreSQL), so nothing was done. */
  locked: boolean;
}

export interface VisitRollupsRepository {
  /** Deletes the hourly rollups of the hours before yesterday (in the time zone) at `now`; the rows deleted. */
  pruneHours(now: number): Promise<number>;
  /** Deletes up to `limit` funnel steps reached before `before` (ms since the epoch); the number deleted. */
  deleteStepsOlderThan(before: number, limit: number): Promise<number>;
  /** Queues a stored visit or event for the rollup worker (in the transaction that stores it). */
  enqueue(trx: Executor, kind: "visit" | "event", id: string, createdAt: string): Promise<void>;
  /**
   * Counts up to `limit` queued visits and events of each kind, oldest first, and removes them from the queue, in
   * one transaction: a crash leaves them queued, never counted twice. An event whose visit has not arrived yet
   * waits up to a minute for it (the page sends both at once), then counts as untracked. On PostgreSQL one
   * instance at a time (an advisory lock): `wait` waits for it, otherwise another instance's pass is enough.
   */
  rollUp(options?: { limit?: number; wait?: boolean }): Promise<RollUpResult>;
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
/** How long an event waits in the queue for its visit before it counts as untracked. */
const visitWaitMs = 60_000;
/** The advisory lock of the rollup worker (and of a message's counts, which touch the same rows). */
const rollupLock = 0x0b0071;

const isoOf = (value: Timestamp["__select__"]) =>
  typeof value === "string" ? value : value.toISOString();

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

/** The narrow rows of a visit: one per dimension, and the "total" row. */
function narrowValues(visit: VisitColumns | null): [RollupDimension, string][] {
  const keys = rollupKeys(visit);
  return [
    ["total", ""],
    ["host", keys.referrer_host],
    ["path", keys.landing_path],
    ["campaign", keys.utm_campaign],
    ["utm_source", keys.utm_source],
    ["utm_medium", keys.utm_medium],
    ["device", visit?.device ?? ""],
    ["browser", visit?.browser ?? ""],
    ["os", visit?.os ?? ""],
    ["country", visit?.country ?? ""],
  ];
}

const noCounts: RollupCounts = {
  visits: 0,
  bot_visits: 0,
  messages: 0,
  pageviews: 0,
  signups: 0,
  clicks: 0,
};

/** Rollup rows summed in memory before they are written: one upsert per row however many things it counts. */
class Tally {
  readonly wide = new Map<string, RollupKeys & { day: string } & RollupCounts>();
  readonly hourly = new Map<string, RollupKeys & { hour: string } & RollupCounts>();
  readonly narrow = new Map<
    string,
    { dimension: RollupDimension; day: string; source: string; value: string } & RollupCounts
  >();

  readonly timeZone: string;

  constructor(timeZone: string) {
    this.timeZone = timeZone;
  }

  /** Adds counts at a time under a visit's keys (extra narrow rows for this thing alone). */
  add(
    at: number,
    visit: VisitColumns | null,
    counts: Partial<RollupCounts>,
    extra: [RollupDimension, string][] = [],
  ): void {
    const keys = rollupKeys(visit);
    const day = zonedDay(at, this.timeZone);
    const hour = zonedHour(at, this.timeZone);
    const bump = <T extends RollupCounts>(map: Map<string, T>, key: string, row: () => T) => {
      const found = map.get(key) ?? map.set(key, row()).get(key);
      for (const column of countColumns) (found as T)[column] += counts[column] ?? 0;
    };
    const keyList = visitKeyColumns.map((column) => keys[column]);
    bump(this.wide, JSON.stringify([day, ...keyList]), () => ({ day, ...keys, ...noCounts }));
    bump(this.hourly, JSON.stringify([hour, ...keyList]), () => ({ hour, ...keys, ...noCounts }));
    for (const [dimension, value] of [...narrowValues(visit), ...extra]) {
      bump(this.narrow, JSON.stringify([dimension, day, keys.source, value]), () => ({
        dimension,
        day,
        source: keys.source,
        value,
        ...noCounts,
      }));
    }
  }

  /** Counts a visit that reached a funnel step for the first time, on the day it did. */
  addStep(at: number, visit: VisitColumns | null, step: FunnelStep): void {
    const day = zonedDay(at, this.timeZone);
    const source = rollupKeys(visit).source;
    const key = JSON.stringify(["funnel", day, source, step]);
    const row = this.narrow.get(key) ?? {
      dimension: "funnel" as const,
      day,
      source,
      value: step,
      ...noCounts,
    };
    row.visits += 1;
    this.narrow.set(key, row);
  }

  /** Adds every row to its table (INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n). */
  async write(trx: Executor): Promise<void> {
    await upsert(
      trx,
      "visit_rollups_by_hour",
      ["hour", ...visitKeyColumns],
      [...this.hourly.values()],
    );
    await upsert(trx, "visit_rollups", ["day", ...visitKeyColumns], [...this.wide.values()]);
    await upsert(
      trx,
      "visit_rollups_by_key",
      ["dimension", "day", "source", "value"],
      [...this.narrow.values()],
    );
    // The same rows by week, in the same transaction: a week's row is always the sum of its days.
    const weekly = new Map<
      string,
      { dimension: RollupDimension; week: string; source: string; value: string } & RollupCounts
    >();
    for (const { day, dimension, source, value, ...counts } of this.narrow.values()) {
      const week = mondayOf(day);
      const key = JSON.stringify([dimension, week, source, value]);
      const found = weekly.get(key);
      if (!found) weekly.set(key, { dimension, week, source, value, ...counts });
      else for (const column of countColumns) found[column] += counts[column];
    }
    await upsert(
      trx,
      "visit_rollups_by_key_week",
      ["dimension", "week", "source", "value"],
      [...weekly.values()],
    );
  }
}

/** Upserts rows that add their counts to the rows of the same keys, a few hundred per statement. */
async function upsert(
  trx: Executor,
  table: string,
  keys: readonly string[],
  rows: readonly Record<string, string | number>[],
): Promise<void> {
  const columns = [...keys, ...countColumns];
  const additions = sql.join(
    countColumns.map(
      (column) =>
        sql`${sql.ref(column)} = ${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ),
  );
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows
      .slice(start, start + 200)
      .map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      values ${sql.join(values)}
      on conflict (${sql.join(keys.map((column) => sql.ref(column)))}) do update set ${additions}`.execute(
      trx,
    );
  }
}

/** Holds the rollups' advisory lock until the transaction ends (PostgreSQL; SQLite's writes are serial). */
async function lockRollups(trx: Executor, dialect: DialectName, wait: boolean): Promise<boolean> {
  if (dialect !== "postgres") return true;
  if (wait) {
    await sql`select pg_advisory_xact_lock(${rollupLock})`.execute(trx);
    return true;
  }
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${rollupLock}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/** The visit columns of a joined row, or null when its visit is not stored. */
function visitOf(row: {
  visit_session: string | null;
  source: ReferrerSource | null;
  referrer_host: string | null;
  landing_path: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: DeviceClass | null;
  browser: string | null;
  os: string | null;
  country: string | null;
}): VisitColumns | null {
  if (row.visit_session === null || row.source === null || row.landing_path === null) return null;
  return { ...row, source: row.source, landing_path: row.landing_path };
}

/** One message less in the rows of a time and keys (each row that exists and counts one). */
async function removeMessage(
  trx: Executor,
  at: number,
  visit: VisitColumns | null,
  timeZone: string,
): Promise<void> {
  const keys = rollupKeys(visit);
  const day = zonedDay(at, timeZone);
  let wide = trx
    .updateTable("visit_rollups")
    .set((eb) => ({ messages: eb("messages", "-", 1) }))
    .where("day", "=", day)
    .where("messages", ">", 0);
  let hourly = trx
    .updateTable("visit_rollups_by_hour")
    .set((eb) => ({ messages: eb("messages", "-", 1) }))
    .where("hour", "=", zonedHour(at, timeZone))
    .where("messages", ">", 0);
  for (const column of visitKeyColumns) {
    wide = wide.where(column, "=", keys[column]);
    hourly = hourly.where(column, "=", keys[column]);
  }
  await wide.execute();
  await hourly.execute();
  for (const [dimension, value] of narrowValues(visit)) {
    await trx
      .updateTable("visit_rollups_by_key")
      .set((eb) => ({ messages: eb("messages", "-", 1) }))
      .where("dimension", "=", dimension)
      .where("day", "=", day)
      .where("source", "=", keys.source)
      .where("value", "=", value)
      .where("messages", ">", 0)
      .execute();
    await trx
      .updateTable("visit_rollups_by_key_week")
      .set((eb) => ({ messages: eb("messages", "-", 1) }))
      .where("dimension", "=", dimension)
      .where("week", "=", mondayOf(day))
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

export function visitRollupsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
  timeZone = "UTC",
): VisitRollupsRepository {
  const { db, dialect } = database;
  const visitColumns = [
    "v.session_id as visit_session",
    "v.source",
    "v.referrer_host",
    "v.landing_path",
    "v.utm_source",
    "v.utm_medium",
    "v.utm_campaign",
    "v.device",
    "v.browser",
    "v.os",
    "v.country",
    "v.is_bot as visit_bot",
  ] as const;

  async function rollUpOnce(trx: Executor, limit: number): Promise<Omit<RollUpResult, "locked">> {
    const tally = new Tally(timeZone);
    const visits = await trx
      .selectFrom("rollup_queue as q")
      .leftJoin("referrer_visits as v", "v.session_id", "q.id")
      .select(["q.id", "q.created_at", ...visitColumns])
      .where("q.kind", "=", "visit")
      .orderBy("q.created_at")
      .limit(limit)
      .execute();
    for (const row of visits) {
      const visit = visitOf(row);
      if (!visit) continue;
      const bot = Boolean(row.visit_bot);
      tally.add(Date.parse(isoOf(row.created_at)), visit, bot ? { bot_visits: 1 } : { visits: 1 });
    }
    const events = await trx
      .selectFrom("rollup_queue as q")
      .leftJoin("site_events as e", "e.event_id", "q.id")
      .leftJoin("referrer_visits as v", "v.session_id", "e.session_id")
      .select([
        "q.id",
        "q.created_at",
        "e.event_id",
        "e.session_id as event_session",
        "e.name",
        "e.path",
        "e.is_bot as event_bot",
        ...visitColumns,
      ])
      .where("q.kind", "=", "event")
      // An event still waiting for its visit is not read again on every pass (a flood of them would be).
      .where((eb) =>
        eb.or([
          eb("v.session_id", "is not", null),
          eb("q.created_at", "<", new Date(now() - visitWaitMs).toISOString()),
        ]),
      )
      .orderBy("q.created_at")
      .limit(limit)
      .execute();
    const taken: string[] = [];
    const steps = new Map<string, { at: number; visit: VisitColumns | null; step: FunnelStep }>();
    const reach = (session: string, at: number, visit: VisitColumns | null, step: FunnelStep) => {
      if (!steps.has(`${session} ${step}`)) steps.set(`${session} ${step}`, { at, visit, step });
    };
    const waitUntil = now() - visitWaitMs;
    for (const row of events) {
      const at = Date.parse(isoOf(row.created_at));
      const visit = visitOf(row);
      // The visit and the first pageview are sent together: give the visit time to arrive.
      if (!visit && row.event_id !== null && at > waitUntil) continue;
      taken.push(row.id);
      if (row.event_id === null || row.name === null || row.path === null) continue;
      if (row.event_bot || row.visit_bot) continue;
      const session = row.event_session ?? "";
      if (row.name === "pageview") {
        const page = row.path.split("?")[0] ?? "";
        tally.add(at, visit, { pageviews: 1 }, [["page", page]]);
        if (page === "/pricing" || page.startsWith("/features")) {
          reach(session, at, visit, "considered");
        }
      } else {
        const signups = row.name === "sign_up" ? 1 : 0;
        tally.add(at, visit, { clicks: 1, signups }, [["goal", row.name]]);
        if (signups) reach(session, at, visit, "signed_up");
      }
    }
    // A step counts the first time its visit reaches it: the rows already stored are not returned.
    const candidates = [...steps].map(([key, { at, step }]) => ({
      key,
      row: { session_id: key.split(" ")[0] ?? "", step, created_at: new Date(at).toISOString() },
    }));
    for (let start = 0; start < candidates.length; start += 500) {
      const stored = await trx
        .insertInto("visit_steps")
        .values(candidates.slice(start, start + 500).map(({ row }) => row))
        .onConflict((conflict) => conflict.columns(["session_id", "step"]).doNothing())
        .returning(["session_id", "step"])
        .execute();
      for (const { session_id, step } of stored) {
        const reached = steps.get(`${session_id} ${step}`);
        if (reached) tally.addStep(reached.at, reached.visit, step);
      }
    }
    await tally.write(trx);
    const remove = async (kind: "visit" | "event", ids: string[]) => {
      for (let start = 0; start < ids.length; start += 500) {
        await trx
          .deleteFrom("rollup_queue")
          .where("kind", "=", kind)
          .where("id", "in", ids.slice(start, start + 500))
          .execute();
      }
    };
    await remove(
      "visit",
      visits.map((row) => row.id),
    );
    await remove("event", taken);
    return {
      taken: visits.length + taken.length,
      more: visits.length === limit || events.length === limit,
    };
  }

  return {
    async countStored(since, until) {
      for (let start = Math.floor(since / dayMs) * dayMs; start < until; start += dayMs) {
        const from = new Date(Math.max(start, since)).toISOString();
        const to = new Date(Math.min(start + dayMs, until)).toISOString();
        await countStoredDay(database, from, to);
      }
      const firstWeek = mondayOf(new Date(since).toISOString().slice(0, 10));
      const lastDay = new Date(until - 1).toISOString().slice(0, 10);
      await sumWeeks(database, firstWeek, addDays(mondayOf(lastDay), 7));
    },

    async enqueue(trx, kind, id, createdAt) {
      await trx.insertInto("rollup_queue").values({ kind, id, created_at: createdAt }).execute();
    },

    rollUp({ limit = 5000, wait = false } = {}) {
      return db.transaction().execute(async (trx) => {
        if (!(await lockRollups(trx, dialect, wait)))
          return { taken: 0, more: false, locked: false };
        return { ...(await rollUpOnce(trx, limit)), locked: true };
      });
    },

    async countMessage(trx, at, visit) {
      await lockRollups(trx, dialect, true);
      const tally = new Tally(timeZone);
      tally.add(at, visit, { messages: 1 });
      await tally.write(trx);
    },

    async uncountMessage(trx, at, visit) {
      await lockRollups(trx, dialect, true);
      await removeMessage(trx, at, visit, timeZone);
    },

    async deleteStepsOlderThan(before, limit) {
      // By session: a visit's steps are minutes apart, and go together.
      const old = db
        .selectFrom("visit_steps")
        .select("session_id")
        .where("created_at", "<", new Date(before).toISOString())
        .limit(limit);
      const result = await db
        .deleteFrom("visit_steps")
        .where("session_id", "in", old)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async pruneHours(at) {
      const yesterday = addDays(zonedDay(at, timeZone), -1);
      const result = await database.db
        .deleteFrom("visit_rollups_by_hour")
        .where("hour", "<", `${yesterday}T00`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
