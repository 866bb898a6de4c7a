// A rollup row's keys and counts, and the tally that sums them in memory and adds them to the daily, weekly and
// hourly rollups with one upsert per row: the writes of the rollup worker's pass and of a message's count.
import { type RawBuilder, sql } from "kysely";
import type { ReferrerSource, RollupSource } from "../../../contracts/admin-api.ts";
import { mondayOf, zonedDay, zonedHour } from "../../../contracts/time-zone.ts";
import type { Executor } from "../database.ts";
import type { DeviceClass, FunnelStep, RollupDimension, VisitRollupsTable } from "../schema.ts";

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

export const countColumns = [
  "visits",
  "bot_visits",
  "messages",
  "pageviews",
  "signups",
  "clicks",
  "converted",
  "signed_up",
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
  /** The visit's session, when it was stored (ms) and whether a bot made it: where its conversions count. */
  session_id?: string;
  visited_at?: number;
  is_bot?: boolean;
}

/** The keys of a visit (or none: "untracked"); a visit stored before channels may hold an earlier class. */
export function rollupKeys(visit: VisitColumns | null): RollupKeys {
  return {
    source: (visit?.source as RollupSource | undefined) ?? "untracked",
    referrer_host: visit?.referrer_host ?? "",
    landing_path: visit?.landing_path ?? "",
    utm_source: visit?.utm_source ?? "",
    utm_medium: visit?.utm_medium ?? "",
    utm_campaign: visit?.utm_campaign ?? "",
  };
}

/** The narrow rows of a visit: one per dimension, and the "total" row. */
export function narrowValues(visit: VisitColumns | null): [RollupDimension, string][] {
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
  converted: 0,
  signed_up: 0,
};

/** A narrow row's key in a tally: only its value, last, may hold spaces. */
const narrowKey = (dimension: RollupDimension, day: string, source: string, value: string) =>
  `${dimension} ${day} ${source} ${value}`;

/** Rollup rows summed in memory before they are written: one upsert per row however many things it counts. */
export class Tally {
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
    const hour = zonedHour(at, this.timeZone);
    const day = hour.slice(0, 10);
    // Only the columns this thing counts: a pass adds thousands of things, each to a dozen rows.
    const columns = countColumns.filter((column) => counts[column]);
    const bump = <T extends RollupCounts>(map: Map<string, T>, key: string, row: () => T) => {
      let found = map.get(key);
      if (!found) {
        found = row();
        map.set(key, found);
      }
      for (const column of columns) found[column] += counts[column] ?? 0;
    };
    const visitKey = JSON.stringify(visitKeyColumns.map((column) => keys[column]));
    bump(this.wide, `${day} ${visitKey}`, () => ({ day, ...keys, ...noCounts }));
    bump(this.hourly, `${hour} ${visitKey}`, () => ({ hour, ...keys, ...noCounts }));
    for (const [dimension, value] of narrowValues(visit).concat(extra)) {
      bump(this.narrow, narrowKey(dimension, day, keys.source, value), () => ({
        dimension,
        day,
        source: keys.source,
        value,
        ...noCounts,
      }));
    }
  }

  /**
   * Counts a visit by people that reached a step for the first time, on its visit's day and keys (so each step is a
   * part of the visits that landed, and a rate's numerator a part of its denominator): the funnel row, and the
   * visit's sign-up or message among its keys. Steps without a counted visit count nowhere.
   */
  addStep(at: number, visit: VisitColumns | null, step: FunnelStep): void {
    if (!visit || visit.is_bot) return;
    const visitedAt = visit.visited_at ?? at;
    if (step === "messaged") {
      this.add(visitedAt, visit, { converted: 1 });
      return;
    }
    if (step === "signed_up") this.add(visitedAt, visit, { signed_up: 1 });
    const day = zonedDay(visitedAt, this.timeZone);
    const source = rollupKeys(visit).source;
    const key = narrowKey("funnel", day, source, step);
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

/** An upsert's SET clause that adds the new row's counts to the stored row's. */
export function addedCounts(table: string): RawBuilder<unknown> {
  return sql.join(
    countColumns.map(
      (column) =>
        sql`${sql.ref(column)} = ${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`,
    ),
  );
}

/** Upserts rows that add their counts to the rows of the same keys, a few hundred per statement. */
async function upsert(
  trx: Executor,
  table: string,
  keys: readonly string[],
  rows: readonly Record<string, string | number>[],
): Promise<void> {
  const columns = [...keys, ...countColumns];
  const additions = addedCounts(table);
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
