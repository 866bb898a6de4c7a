// Referrer analytics for the admin console, from the rollups only (never raw visits): the visits of a range of
// whole UTC days by source, referrer host, landing path, campaign and day (bots counted apart), today's and
// yesterday's by hour, and the contact messages by the source of their sender's visit. The rollups' writes are in
// visit-rollups.ts.

import { sql } from "kysely";
import type { AnalyticsReport, ReferrerSource } from "../../../contracts/admin-api.ts";
import { referrerSources } from "../../../contracts/admin-api.ts";
import type { AppDatabase } from "../database.ts";
import type { RollupDimension } from "../schema.ts";
import { utcDay, utcHour, visitKeyColumns } from "./visit-rollups.ts";

export interface AnalyticsWindow {
  /** Inclusive, ms since the epoch (the start of a UTC day). */
  since: number;
  /** Exclusive, ms since the epoch (the start of a UTC day). */
  until: number;
}

/** Only the rollups of these source classes (any when absent or empty). */
export interface AnalyticsFilter {
  sources?: readonly (ReferrerSource | "untracked")[] | undefined;
}

export type AnalyticsFigures = Omit<AnalyticsReport, "days" | "since" | "until">;

/** Visits and messages of one value of a dimension. */
export interface BreakdownCounts {
  value: string;
  visits: number;
  messages: number;
}

/** The wide rollups' columns a breakdown groups or filters by. */
export type BreakdownDimension = (typeof visitKeyColumns)[number];

/** Rows of these values only, per dimension (one or several each; any when absent). */
export type BreakdownFilter = Partial<Record<BreakdownDimension, readonly string[]>>;

export interface Breakdown {
  visits: number;
  botVisits: number;
  messages: number;
  /** Per dimension, every value with visits or messages, most visits first. */
  byDimension: Record<BreakdownDimension, BreakdownCounts[]>;
  perDay: Map<string, { visits: number; messages: number }>;
}

export interface ReferrerAnalyticsRepository {
  report(window: AnalyticsWindow, filter?: AnalyticsFilter): Promise<AnalyticsFigures>;
  /**
   * The window's visits and messages from the wide rollups, filtered by any combination of values, grouped by
   * each dimension and by day: what the console's panels, filters and conversions read.
   */
  breakdown(window: AnalyticsWindow, filter: BreakdownFilter): Promise<Breakdown>;
  /**
   * Visits and messages per UTC hour ("YYYY-MM-DDTHH") of the window, filtered like a breakdown; from the hourly
   * rollups, which hold today and yesterday only.
   */
  perHour(
    window: AnalyticsWindow,
    filter: BreakdownFilter,
  ): Promise<Map<string, { visits: number; messages: number }>>;
}

const topCount = 10;
const dayMs = 24 * 60 * 60 * 1000;

/** The UTC days from `since` to `until`, oldest first (YYYY-MM-DD). */
export function utcDays(window: AnalyticsWindow): string[] {
  const days: string[] = [];
  const first = Math.floor(window.since / dayMs) * dayMs;
  for (let at = first; at < window.until; at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The narrow rollups' dimension behind each breakdown column. */
const narrowDimensions: Record<Exclude<BreakdownDimension, "source">, RollupDimension> = {
  referrer_host: "host",
  landing_path: "path",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "campaign",
};

/** The totals and the per-day counts of rollup rows (each a day's sums for some keys). */
function tally(
  rows: readonly { day: string; visits: unknown; bot_visits: unknown; messages: unknown }[],
): Omit<Breakdown, "byDimension"> {
  const perDay = new Map<string, { visits: number; messages: number }>();
  let visits = 0;
  let botVisits = 0;
  let messages = 0;
  for (const row of rows) {
    const v = Number(row.visits ?? 0);
    const m = Number(row.messages ?? 0);
    visits += v;
    botVisits += Number(row.bot_visits ?? 0);
    messages += m;
    const day = perDay.get(row.day) ?? { visits: 0, messages: 0 };
    perDay.set(row.day, { visits: day.visits + v, messages: day.messages + m });
  }
  return { visits, botVisits, messages, perDay };
}

/** Values with visits or messages, most visits first (then most messages, then by name). */
function rankCounts(rows: BreakdownCounts[]): BreakdownCounts[] {
  return rows
    .filter((row) => row.visits > 0 || row.messages > 0)
    .sort(
      (a, b) => b.visits - a.visits || b.messages - a.messages || a.value.localeCompare(b.value),
    );
}

export function referrerAnalyticsRepository(database: AppDatabase): ReferrerAnalyticsRepository {
  const { reports: db } = database;

  /** The narrow rollups of the window's days, of these source classes only (any when absent or empty). */
  const narrowRows = (window: AnalyticsWindow, sources: readonly string[] | undefined) => {
    let query = db
      .selectFrom("visit_rollups_by_key")
      .where("day", ">=", utcDay(window.since))
      .where("day", "<", utcDay(window.until));
    if (sources?.length) query = query.where("source", "in", sources as ReferrerSource[]);
    return query;
  };

  /** Visits, bot visits and messages by day and source class: the "total" narrow rows. */
  const dailyTotals = (window: AnalyticsWindow, sources: readonly string[] | undefined) =>
    narrowRows(window, sources)
      .where("dimension", "=", "total")
      .select((eb) => [
        "day",
        "source",
        eb.fn.sum<number>("visits").as("visits"),
        eb.fn.sum<number>("bot_visits").as("bot_visits"),
        eb.fn.sum<number>("messages").as("messages"),
      ])
      .groupBy(["day", "source"])
      .execute();

  /**
   * A breakdown filtered by source class at most, from the narrow rollups: a few rows per day and value instead of
   * one per combination of keys (what keeps the unfiltered 90-day view fast on a large site).
   */
  async function narrowBreakdown(
    window: AnalyticsWindow,
    sources: readonly string[] | undefined,
  ): Promise<Breakdown> {
    const [values, totals] = await Promise.all([
      narrowRows(window, sources)
        // Each dimension by name (not "!= total"): a range of the primary key per dimension, not a full scan.
        .where("dimension", "in", Object.values(narrowDimensions))
        .select((eb) => [
          "dimension",
          "value",
          eb.fn.sum<number>("visits").as("visits"),
          eb.fn.sum<number>("messages").as("messages"),
        ])
        .groupBy(["dimension", "value"])
        .execute(),
      dailyTotals(window, sources),
    ]);
    const count = (value: unknown) => Number(value ?? 0);
    const bySource = new Map<string, BreakdownCounts>();
    const sums = tally(totals);
    for (const row of totals) {
      const v = count(row.visits);
      const m = count(row.messages);
      const source = bySource.get(row.source) ?? { value: row.source, visits: 0, messages: 0 };
      source.visits += v;
      source.messages += m;
      bySource.set(row.source, source);
    }
    const byDimension = { source: rankCounts([...bySource.values()]) } as Record<
      BreakdownDimension,
      BreakdownCounts[]
    >;
    for (const [column, dimension] of Object.entries(narrowDimensions)) {
      byDimension[column as BreakdownDimension] = rankCounts(
        values
          .filter((row) => row.dimension === dimension)
          .map((row) => ({
            value: row.value,
            visits: count(row.visits),
            messages: count(row.messages),
          })),
      );
    }
    return { ...sums, byDimension };
  }

  return {
    async report(window, filter = {}) {
      /** The 10 values of a dimension with the most visits by people ("" is no value: left out). */
      const top = (dimension: RollupDimension) =>
        narrowRows(window, filter.sources)
          .where("dimension", "=", dimension)
          .select((eb) => ["value", eb.fn.sum<number>("visits").as("visits")])
          .where("value", "!=", "")
          .groupBy("value")
          .having((eb) => eb.fn.sum("visits"), ">", 0)
          .orderBy("visits", "desc")
          .orderBy("value")
          .limit(topCount)
          .execute();
      const count = (value: unknown) => Number(value ?? 0);
      const [perDaySource, byHost, byPath, byCampaign] = await Promise.all([
        dailyTotals(window, filter.sources),
        top("host"),
        top("path"),
        top("campaign"),
      ]);
      let visits = 0;
      let bots = 0;
      const sourceCounts = new Map<string, number>();
      const dayCounts = new Map<string, number>();
      const messageCounts = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, n: number) =>
        map.set(key, (map.get(key) ?? 0) + n);
      for (const row of perDaySource) {
        visits += count(row.visits);
        bots += count(row.bot_visits);
        add(sourceCounts, row.source, count(row.visits));
        add(dayCounts, row.day, count(row.visits));
        add(messageCounts, row.source, count(row.messages));
      }
      const messageKeys: (ReferrerSource | "untracked")[] = [...referrerSources, "untracked"];
      const listed = (rows: { value: string; visits: unknown }[]) =>
        rows.map((row) => ({ value: row.value, visits: count(row.visits) }));
      return {
        visits,
        botVisits: bots,
        bySource: referrerSources.map((source) => ({
          source,
          visits: sourceCounts.get(source) ?? 0,
        })),
        byReferrerHost: listed(byHost).map(({ value, visits }) => ({ host: value, visits })),
        byLandingPath: listed(byPath).map(({ value, visits }) => ({ path: value, visits })),
        byCampaign: listed(byCampaign).map(({ value, visits }) => ({ campaign: value, visits })),
        perDay: utcDays(window).map((day) => ({ day, visits: dayCounts.get(day) ?? 0 })),
        messagesBySource: messageKeys.map((source) => ({
          source,
          messages: messageCounts.get(source) ?? 0,
        })),
      };
    },

    async breakdown(window, filter) {
      const narrow =
        !filter.referrer_host?.length &&
        !filter.landing_path?.length &&
        !filter.utm_campaign?.length;
      if (narrow && !filter.utm_source?.length && !filter.utm_medium?.length) {
        return narrowBreakdown(window, filter.source);
      }
      // The window's rows of these values are read once into a materialized table, then summed by each dimension
      // and by day in the database: a handful of rows come back however many key combinations match.
      const groups = ["day", ...visitKeyColumns] as const;
      const rows = await db
        .with(
          (cte) => cte("filtered").materialized(),
          (qb) => {
            let query = qb
              .selectFrom("visit_rollups")
              .select([...groups, "visits", "bot_visits", "messages"])
              .where("day", ">=", utcDay(window.since))
              .where("day", "<", utcDay(window.until));
            for (const column of visitKeyColumns) {
              const values = filter[column];
              if (values?.length) query = query.where(column, "in", values);
            }
            return query;
          },
        )
        .selectFrom("filtered")
        .select((eb) => [
          sql.lit("day").as("dimension"),
          eb.ref("day").as("value"),
          eb.fn.sum<number>("visits").as("visits"),
          eb.fn.sum<number>("bot_visits").as("bot_visits"),
          eb.fn.sum<number>("messages").as("messages"),
        ])
        .groupBy("day")
        .$call((first) =>
          visitKeyColumns.reduce(
            (union, column) =>
              union.unionAll((eb) =>
                eb
                  .selectFrom("filtered")
                  .select((inner) => [
                    sql.lit(column).as("dimension"),
                    inner.ref(column).as("value"),
                    inner.fn.sum<number>("visits").as("visits"),
                    inner.fn.sum<number>("bot_visits").as("bot_visits"),
                    inner.fn.sum<number>("messages").as("messages"),
                  ])
                  .groupBy(column),
              ),
            first,
          ),
        )
        .execute();
      const count = (value: unknown) => Number(value ?? 0);
      const days = rows.filter((row) => row.dimension === "day");
      const sums = tally(days.map((row) => ({ ...row, day: row.value })));
      return {
        ...sums,
        byDimension: Object.fromEntries(
          visitKeyColumns.map((column) => [
            column,
            rankCounts(
              rows
                .filter((row) => row.dimension === column)
                .map((row) => ({
                  value: row.value,
                  visits: count(row.visits),
                  messages: count(row.messages),
                })),
            ),
          ]),
        ) as Record<BreakdownDimension, BreakdownCounts[]>,
      };
    },

    async perHour(window, filter) {
      let query = db
        .selectFrom("visit_rollups_by_hour")
        .where("hour", ">=", utcHour(window.since))
        .where("hour", "<", utcHour(window.until));
      for (const column of visitKeyColumns) {
        const values = filter[column];
        if (values?.length) query = query.where(column, "in", values);
      }
      const rows = await query
        .select((eb) => [
          "hour",
          eb.fn.sum<number>("visits").as("visits"),
          eb.fn.sum<number>("messages").as("messages"),
        ])
        .groupBy("hour")
        .execute();
      return new Map(
        rows.map((row) => [
          row.hour,
          { visits: Number(row.visits ?? 0), messages: Number(row.messages ?? 0) },
        ]),
      );
    },
  };
}
