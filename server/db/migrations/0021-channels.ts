// Channels (server/analytics/channels.ts) for the visits still kept: each gets its channel from its stored tags and
// referrer, and the rollups of the whole days they cover are counted again from them, with the converted and
// signed-up visits that rates now read. Days whose raw visits are gone keep their earlier classes (search, social,
// other); the console says from which day channels apply. Like migrations 0004 and 0007 it counts UTC days, and
// today's and yesterday's hours from the visits and messages (their pageviews count again from the next ones).
import { type Kysely, sql } from "kysely";
import { addDays, mondayOf } from "../../../contracts/time-zone.ts";
import { classifyChannel } from "../../analytics/channels.ts";
import { countStoredRows } from "../repositories/rollup-bulk.ts";
import type { Schema } from "../schema.ts";
import { addToHourlyRollups } from "./0007-hourly-rollups.ts";
import type { ColumnTypes } from "./index.ts";

const dayMs = 24 * 60 * 60 * 1000;
const rollupTables = [
  "visit_rollups",
  "visit_rollups_by_hour",
  "visit_rollups_by_key",
  "visit_rollups_by_key_week",
] as const;
const batch = 2000;

/** Every stored visit's channel, from its tags and referrer, a batch of sessions at a time. */
async function reclassify(db: Kysely<Schema>): Promise<void> {
  let after: string | null = null;
  for (;;) {
    let query = db
      .selectFrom("referrer_visits")
      .select(["session_id", "source", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .orderBy("session_id")
      .limit(batch);
    if (after !== null) query = query.where("session_id", ">", after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.session_id ?? after;
    const byChannel = new Map<string, string[]>();
    for (const row of rows) {
      const channel = classifyChannel(row);
      if (channel === row.source) continue;
      byChannel.set(channel, [...(byChannel.get(channel) ?? []), row.session_id]);
    }
    for (const [channel, sessions] of byChannel) {
      for (let start = 0; start < sessions.length; start += 500) {
        await db
          .updateTable("referrer_visits")
          .set({ source: channel as Schema["referrer_visits"]["source"] })
          .where("session_id", "in", sessions.slice(start, start + 500))
          .execute();
      }
    }
  }
}

/** The first UTC day all of whose visits are still stored (the oldest kept day may have lost some), or null. */
async function firstWholeDay(db: Kysely<Schema>): Promise<string | null> {
  const oldest = await db
    .selectFrom("referrer_visits")
    .select((eb) => eb.fn.min("created_at").as("at"))
    .executeTakeFirst();
  if (!oldest?.at) return null;
  const day = new Date(oldest.at).toISOString().slice(0, 10);
  const next = addDays(day, 1);
  const stored = await db
    .selectFrom("referrer_visits")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("created_at", ">=", `${day}T00:00:00.000Z`)
    .where("created_at", "<", `${next}T00:00:00.000Z`)
    .executeTakeFirst();
  const counted = await db
    .selectFrom("visit_rollups_by_key")
    .select((eb) => eb.fn.sum<number | string>(sql`visits + bot_visits`).as("n"))
    .where("dimension", "=", "total")
    .where("day", "=", day)
    .where("source", "!=", "untracked")
    .executeTakeFirst();
  // Nothing counted yet (no rollups) or all of it stored: the day is whole.
  const countedVisits = Number(counted?.n ?? 0);
  return countedVisits === 0 || countedVisits === Number(stored?.n ?? 0) ? day : next;
}

export function up(types: ColumnTypes) {
  return async (migrating: Kysely<unknown>): Promise<void> => {
    const db = migrating as Kysely<Schema>;
    for (const table of rollupTables) {
      for (const column of ["converted", "signed_up"]) {
        await db.schema
          .alterTable(table)
          .addColumn(column, "integer", (col) => col.notNull().defaultTo(0))
          .execute();
      }
    }
    await reclassify(db);
    const first = await firstWholeDay(db);
    if (first === null) return;
    const since = Date.parse(`${first}T00:00:00.000Z`);
    const visitsSince = db
      .selectFrom("referrer_visits")
      .select("session_id")
      .where("created_at", ">=", new Date(since).toISOString());
    await db.deleteFrom("visit_steps").where("session_id", "in", visitsSince).execute();
    await db.deleteFrom("visit_rollups").where("day", ">=", first).execute();
    await db.deleteFrom("visit_rollups_by_key").where("day", ">=", first).execute();
    await db.deleteFrom("visit_rollups_by_key_week").where("week", ">=", mondayOf(first)).execute();
    await db.deleteFrom("visit_rollups_by_hour").execute();
    // Rows the worker has not counted yet are counted here.
    await db
      .deleteFrom("rollup_queue")
      .where("created_at", ">=", new Date(since).toISOString())
      .execute();
    // To the end of the last day anything was stored: no statements for the empty days after it.
    let last = since;
    for (const table of ["referrer_visits", "contact_messages", "site_events"] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.max("created_at").as("at"))
        .executeTakeFirst();
      if (row?.at) last = Math.max(last, new Date(row.at).getTime());
    }
    const until = Math.floor(last / dayMs) * dayMs + dayMs;
    await countStoredRows({ db, dialect: types.dialect }, since, until);
    await addToHourlyRollups(migrating, types.dialect, Math.max(since, until - 2 * dayMs));
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const table of rollupTables) {
      for (const column of ["converted", "signed_up"]) {
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
  };
}
