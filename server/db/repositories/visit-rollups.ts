// The rollups the console's analytics read (visit_rollups, visit_rollups_by_key and its weekly sums
// visit_rollups_by_key_week, visit_rollups_by_hour). A visit or an event is appended with a row in rollup_queue and
// counted later by the rollup worker (`rollUp`), one worker at a time, so no request updates a shared counter row; a
// contact message (a few a day) is still counted in the transaction that stores it, a message marked spam later is
// taken out (and put back when not spam), and hours older than yesterday are trimmed. The rows' upserts are in
// rollup-rows.ts, the bulk path in rollup-bulk.ts.
import { sql } from "kysely";
import type { ReferrerSource } from "../../../contracts/admin-api.ts";
import { addDays, mondayOf, zonedDay, zonedHour } from "../../../contracts/time-zone.ts";
import { type EventName, signUpEvents } from "../../../contracts/track-event.ts";
import type { AppDatabase, DialectName, Executor } from "../database.ts";
import type { DeviceClass, FunnelStep, RollupQueueTable, Timestamp } from "../schema.ts";
import { countStoredRows } from "./rollup-bulk.ts";
import {
  narrowValues,
  rollupKeys,
  Tally,
  type VisitColumns,
  visitKeyColumns,
} from "./rollup-rows.ts";

export interface RollUpResult {
  /** Queue rows taken (counted, or dropped when their visit or event is gone). */
  taken: number;
  /** True when the pass stopped at its limit: more rows are waiting. */
  more: boolean;
  /** False when another instance held the worker's lock (PostgreSQL), so nothing was done. */
  locked: boolean;
}

/** What a queue row stands for: a visit or an event. */
export type QueueKind = RollupQueueTable["kind"];

export interface RollUpOptions {
  /** Queued rows of each kind a pass takes at most. */
  limit?: number;
  /** PostgreSQL: wait for another instance's pass instead of leaving the work to it. */
  wait?: boolean;
}

export interface VisitRollupsRepository {
  /** Deletes the hourly rollups of the hours before yesterday (in the time zone) at `now`; the rows deleted. */
  pruneHours(now: number): Promise<number>;
  /** Deletes up to `limit` funnel steps reached before `before` (ms since the epoch); the number deleted. */
  deleteStepsOlderThan(before: number, limit: number): Promise<number>;
  /** Queues stored visits or events for the rollup worker (in the transaction that stores them). */
  enqueue(
    trx: Executor,
    kind: QueueKind,
    rows: { id: string; created_at: string }[],
  ): Promise<void>;
  /**
   * Counts up to `limit` queued visits and events of each kind, oldest first, and removes them from the queue, in
   * one transaction: a crash leaves them queued, never counted twice. An event whose visit has not arrived yet
   * waits up to a minute for it (the page sends both at once), then counts as untracked. On PostgreSQL one
   * instance at a time (an advisory lock): `wait` waits for it, otherwise another instance's pass is enough.
   */
  rollUp(options?: RollUpOptions): Promise<RollUpResult>;
  /** The rows of each kind waiting in the queue, and when the oldest of them was stored (null when none). */
  backlog(): Promise<Record<QueueKind, { rows: number; oldestAt: number | null }>>;
  /** Counts a stored contact message (in its transaction); `visit` is its sender's, null when untracked. */
  countMessage(trx: Executor, at: number, visit: VisitColumns | null): Promise<void>;
  /**
   * Takes a counted message out of the rollups (marked spam later, in that transaction): the rows of its time and
   * keys lose one message, never going below zero (a row already trimmed, such as an old hour, stays as it is).
   */
  uncountMessage(
    trx: Executor,
    at: number,
    visit: VisitColumns | null,
    /** Whether the visit still has a message that is not spam (asked after the rollups are locked). */
    stillMessaged: (sessionId: string) => Promise<boolean>,
  ): Promise<void>;
  /**
   * Counts, in bulk, the visits, messages and events stored in [since, until) that no rollup counts yet (rows
   * loaded without the write path, as the analytics benchmark seeds them, and not queued), a UTC day at a time;
   * hourly rows are left to the write path. Rows already counted would count twice.
   */
  countStored(since: number, until: number): Promise<void>;
}

/** How long an event waits in the queue for its visit before it counts as untracked. */
const visitWaitMs = 60_000;
/**
 * Rows a pass sums before it lets the requests waiting on the event loop run, on PostgreSQL: 5,000 summed at once
 * held them about 18 ms. Not on SQLite, where the pass holds the one writer connection: requests run in between
 * but their commits wait for the pass, which only grows longer (p99 15 to 19 ms without the turns, 29 to 35 with
 * them; docs/performance.md, API).
 */
const rowsPerTurn = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The advisory lock of the rollup worker (and of a message's counts, which touch the same rows). */
const rollupLock = 0x0b0071;

const isoAt = (at: number) => new Date(at).toISOString();

const isoOf = (value: Timestamp["__select__"]) =>
  typeof value === "string" ? value : value.toISOString();

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
  visit_bot: boolean | number | null;
  visited_at: Timestamp["__select__"] | null;
}): VisitColumns | null {
  const { visit_session, source, landing_path, visit_bot, visited_at, ...keys } = row;
  if (visit_session === null || source === null || landing_path === null) return null;
  return {
    ...keys,
    source,
    landing_path,
    session_id: visit_session,
    is_bot: Boolean(visit_bot),
    visited_at: visited_at === null ? undefined : Date.parse(isoOf(visited_at)),
  };
}

/** One message (or converted visit) less in the rows of a time and keys (each row that exists and counts one). */
async function removeMessage(
  trx: Executor,
  at: number,
  visit: VisitColumns | null,
  timeZone: string,
  column: "messages" | "converted" = "messages",
): Promise<void> {
  const keys = rollupKeys(visit);
  const day = zonedDay(at, timeZone);
  let wide = trx
    .updateTable("visit_rollups")
    .set((eb) => ({ [column]: eb(column, "-", 1) }))
    .where("day", "=", day)
    .where(column, ">", 0);
  let hourly = trx
    .updateTable("visit_rollups_by_hour")
    .set((eb) => ({ [column]: eb(column, "-", 1) }))
    .where("hour", "=", zonedHour(at, timeZone))
    .where(column, ">", 0);
  for (const column of visitKeyColumns) {
    wide = wide.where(column, "=", keys[column]);
    hourly = hourly.where(column, "=", keys[column]);
  }
  await wide.execute();
  await hourly.execute();
  for (const [dimension, value] of narrowValues(visit)) {
    await trx
      .updateTable("visit_rollups_by_key")
      .set((eb) => ({ [column]: eb(column, "-", 1) }))
      .where("dimension", "=", dimension)
      .where("day", "=", day)
      .where("source", "=", keys.source)
      .where("value", "=", value)
      .where(column, ">", 0)
      .execute();
    await trx
      .updateTable("visit_rollups_by_key_week")
      .set((eb) => ({ [column]: eb(column, "-", 1) }))
      .where("dimension", "=", dimension)
      .where("week", "=", mondayOf(day))
      .where("source", "=", keys.source)
      .where("value", "=", value)
      .where(column, ">", 0)
      .execute();
  }
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
    "v.created_at as visited_at",
  ] as const;

  const inTurns = dialect === "postgres";

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
    for (const [index, row] of visits.entries()) {
      if (inTurns && index % rowsPerTurn === rowsPerTurn - 1) await nextTurn();
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
      // An event still waiting for its visit is not returned again on every pass, but the query steps over it: 50,000
      // waiting (a flood of forged events from hundreds of addresses) cost a pass 45 ms on SQLite, 20 ms on
      // PostgreSQL (docs/performance.md, API). A page sends its visit with its first event, so few ever wait.
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
      // A step counts for a visit by people only (the bulk path stores no other).
      if (!visit || visit.is_bot) return;
      if (!steps.has(`${session} ${step}`)) steps.set(`${session} ${step}`, { at, visit, step });
    };
    const waitUntil = now() - visitWaitMs;
    for (const [index, row] of events.entries()) {
      if (inTurns && index % rowsPerTurn === rowsPerTurn - 1) await nextTurn();
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
        const signups = signUpEvents.includes(row.name as EventName) ? 1 : 0;
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
    const remove = async (kind: QueueKind, ids: string[]) => {
      // PostgreSQL takes the ids as one array: ten statements of 500 parameters took 26 ms of a 5,000-row pass.
      if (dialect === "postgres") {
        if (ids.length === 0) return;
        await trx
          .deleteFrom("rollup_queue")
          .where("kind", "=", kind)
          .where(sql<boolean>`id = any(${ids}::uuid[])`)
          .execute();
        return;
      }
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
    countStored(since, until) {
      return countStoredRows(database, since, until);
    },

    async enqueue(trx, kind, rows) {
      if (rows.length === 0) return;
      await trx
        .insertInto("rollup_queue")
        .values(rows.map((row) => ({ kind, ...row })))
        .execute();
    },

    async backlog() {
      const of = async (kind: QueueKind) => {
        const row = await db
          .selectFrom("rollup_queue")
          .select((eb) => [
            eb.fn.countAll<number | string>().as("rows"),
            eb.fn.min("created_at").as("oldest"),
          ])
          .where("kind", "=", kind)
          .executeTakeFirstOrThrow();
        return {
          rows: Number(row.rows),
          oldestAt: row.oldest === null ? null : Date.parse(isoOf(row.oldest)),
        };
      };
      return { visit: await of("visit"), event: await of("event") };
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
      // A bot's visit is not counted: its message has no counted visit ("untracked"), like one without a visit.
      const counted = visit && !visit.is_bot ? visit : null;
      const tally = new Tally(timeZone);
      tally.add(at, counted, { messages: 1 });
      if (counted?.session_id) {
        const stored = await trx
          .insertInto("visit_steps")
          .values({ session_id: counted.session_id, step: "messaged", created_at: isoAt(at) })
          .onConflict((conflict) => conflict.columns(["session_id", "step"]).doNothing())
          .returning("session_id")
          .execute();
        if (stored.length > 0) tally.addStep(at, counted, "messaged");
      }
      await tally.write(trx);
    },

    async uncountMessage(trx, at, visit, stillMessaged) {
      await lockRollups(trx, dialect, true);
      const counted = visit && !visit.is_bot ? visit : null;
      await removeMessage(trx, at, counted, timeZone);
      if (!counted?.session_id) return;
      // The visit still converted if another of its messages is not spam (this one's status is already changed).
      if (await stillMessaged(counted.session_id)) return;
      const removed = await trx
        .deleteFrom("visit_steps")
        .where("session_id", "=", counted.session_id)
        .where("step", "=", "messaged")
        .executeTakeFirst();
      if (removed.numDeletedRows > 0n) {
        await removeMessage(trx, counted.visited_at ?? at, counted, timeZone, "converted");
      }
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
