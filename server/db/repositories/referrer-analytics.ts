// Analytics for the admin console, from the rollups only (never raw visits): the visits of a range of
// whole days by channel, referrer host, landing path, campaign and day (bots counted apart), today's and
// yesterday's by hour, and the contact messages by the source of their sender's visit. The rollups' writes are in
// visit-rollups.ts.

import { sql } from "kysely";
import type { AnalyticsReport, ReferrerSource } from "../../../contracts/admin-api.ts";
import { legacySources, referrerSources } from "../../../contracts/admin-api.ts";
import { addDays, mondayOf, zonedDay, zonedHour } from "../../../contracts/time-zone.ts";
import type { AppDatabase } from "../database.ts";
import type { RollupDimension } from "../schema.ts";
import { countColumns, visitKeyColumns } from "./rollup-rows.ts";

export interface AnalyticsWindow {
  /** Inclusive, ms since the epoch (the start of a day in the analytics time zone). */
  since: number;
  /** Exclusive, ms since the epoch (the start of a day in the analytics time zone). */
  until: number;
}

/** Only the rollups of these source classes (any when absent or empty). */
export interface AnalyticsFilter {
  sources?: readonly (ReferrerSource | "untracked")[] | undefined;
}

export type AnalyticsFigures = Omit<AnalyticsReport, "days" | "since" | "until">;

/** What a breakdown counts, for a value, a day or the whole window. */
export interface BreakdownFigures {
  visits: number;
  messages: number;
  pageviews: number;
  signups: number;
  clicks: number;
  /** Of `visits`: those that sent a message (not spam), and those that clicked sign-up; each visit once. */
  converted: number;
  signed_up: number;
}

/** The figures of one value of a dimension. */
export interface BreakdownCounts extends BreakdownFigures {
  value: string;
}

/** The wide rollups' columns a breakdown groups or filters by. */
export type FilterDimension = (typeof visitKeyColumns)[number];

/**
 * Dimensions the narrow rollups alone hold: a visit's audience, the pages viewed and the goals clicked. A filter by
 * host, landing page or campaign does not narrow them (only a filter by source class does).
 */
export const narrowOnlyDimensions = ["page", "goal", "device", "browser", "os", "country"] as const;

export type BreakdownDimension = FilterDimension | (typeof narrowOnlyDimensions)[number];

/** Rows of these values only, per dimension (one or several each; any when absent). */
export type BreakdownFilter = Partial<Record<FilterDimension, readonly string[]>>;

/** Visits that landed, that saw /pricing or a feature page, and that clicked sign-up (each counted once). */
export interface Funnel {
  landed: number;
  considered: number;
  signedUp: number;
}

export interface Breakdown extends BreakdownFigures {
  botVisits: number;
  /** Of the source classes filtered (a host, landing page or campaign filter does not narrow it). */
  funnel: Funnel;
  /** Per dimension, every value with any figure, most visits (then pageviews, sign-ups, clicks) first. */
  byDimension: Record<BreakdownDimension, BreakdownCounts[]>;
  perDay: Map<string, BreakdownFigures>;
  /** True when the narrow-only dimensions ignore part of the filter (host, landing page or campaign). */
  narrowOnlyUnfiltered: boolean;
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
  perHour(window: AnalyticsWindow, filter: BreakdownFilter): Promise<Map<string, BreakdownFigures>>;
  /**
   * The first day (YYYY-MM-DD) from which every day is counted by channel: the day after the last one that still
   * holds the classes counted before channels; null when none does.
   */
  channelsSince(): Promise<string | null>;
}

const topCount = 10;

/** The days of a window in the time zone, oldest first (YYYY-MM-DD). */
export function windowDays(window: AnalyticsWindow, timeZone: string): string[] {
  const days: string[] = [];
  const last = zonedDay(window.until, timeZone);
  for (let day = zonedDay(window.since, timeZone); day < last; day = addDays(day, 1)) {
    days.push(day);
  }
  return days;
}

/**
 * The days [first, end) as the whole weeks (Monday to Sunday) among them, [first Monday, end Monday), and the days
 * before and after those weeks: what a long window reads from the weekly rollups and from the daily ones.
 */
export function splitIntoWeeks(
  first: string,
  end: string,
): { weeks: [string, string] | null; days: [string, string][] } {
  const firstWeek = mondayOf(first) === first ? first : addDays(mondayOf(first), 7);
  const endWeek = mondayOf(end);
  if (firstWeek >= endWeek) return { weeks: null, days: first < end ? [[first, end]] : [] };
  const days: [string, string][] = [];
  if (first < firstWeek) days.push([first, firstWeek]);
  if (endWeek < end) days.push([endWeek, end]);
  return { weeks: [firstWeek, endWeek], days };
}

/** The narrow rollups' dimension behind each breakdown column. */
const narrowDimensions: Record<Exclude<BreakdownDimension, "source">, RollupDimension> = {
  referrer_host: "host",
  landing_path: "path",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "campaign",
  page: "page",
  goal: "goal",
  device: "device",
  browser: "browser",
  os: "os",
  country: "country",
};

type FigureColumn = Exclude<(typeof countColumns)[number], "bot_visits">;

/** The rollups' counts a breakdown shows as figures: all but bots' visits, which it counts apart. */
const figureColumns = countColumns.filter(
  (column): column is FigureColumn => column !== "bot_visits",
);

type SummedRow = Record<FigureColumn, unknown>;

/** The figures of a row of sums (PostgreSQL reads sums back as strings, an empty sum as null); none given is 0. */
function figuresOf(row: Partial<SummedRow>): BreakdownFigures {
  return Object.fromEntries(
    figureColumns.map((column) => [column, Number(row[column] ?? 0)]),
  ) as Record<FigureColumn, number>;
}

function addFigures(to: BreakdownFigures, from: BreakdownFigures): BreakdownFigures {
  for (const column of figureColumns) to[column] += from[column];
  return to;
}

const noFigures = (): BreakdownFigures => figuresOf({});

/** The totals and the per-day figures of rollup rows (each a day's sums for some keys). */
function tally(
  rows: readonly (SummedRow & { day: string; bot_visits: unknown })[],
): Omit<Breakdown, "byDimension" | "narrowOnlyUnfiltered" | "funnel"> {
  const perDay = new Map<string, BreakdownFigures>();
  const totals = noFigures();
  let botVisits = 0;
  for (const row of rows) {
    const figures = figuresOf(row);
    addFigures(totals, figures);
    botVisits += Number(row.bot_visits ?? 0);
    perDay.set(row.day, addFigures(perDay.get(row.day) ?? noFigures(), figures));
  }
  return { ...totals, botVisits, perDay };
}

/** Values with any figure, most visits first (then pageviews, sign-ups, clicks, messages, then by name). */
function rankCounts(rows: BreakdownCounts[]): BreakdownCounts[] {
  return rows
    .filter((row) => figureColumns.some((column) => row[column] > 0))
    .sort(
      (a, b) =>
        b.visits - a.visits ||
        b.pageviews - a.pageviews ||
        b.signups - a.signups ||
        b.clicks - a.clicks ||
        b.messages - a.messages ||
        a.value.localeCompare(b.value),
    );
}

/** The sum of each figure column, named after it: a select list for any rollup table. */
const figureSums = figureColumns.map((column) => sql<number>`sum(${sql.ref(column)})`.as(column));
const botSum = sql<number>`sum(${sql.ref("bot_visits")})`.as("bot_visits");

export function referrerAnalyticsRepository(
  database: AppDatabase,
  timeZone = "UTC",
): ReferrerAnalyticsRepository {
  const { reports: db } = database;
  const dayOf = (at: number) => zonedDay(at, timeZone);

  /** The narrow rollups of the window's days, of these source classes only (any when absent or empty). */
  const narrowRows = (window: AnalyticsWindow, sources: readonly string[] | undefined) => {
    let query = db
      .selectFrom("visit_rollups_by_key")
      .where("day", ">=", dayOf(window.since))
      .where("day", "<", dayOf(window.until));
    if (sources?.length) query = query.where("source", "in", sources as ReferrerSource[]);
    return query;
  };

  /** Every figure by day and source class: the "total" narrow rows. */
  const dailyTotals = (window: AnalyticsWindow, sources: readonly string[] | undefined) =>
    narrowRows(window, sources)
      .where("dimension", "=", "total")
      .select(["day", "source", botSum, ...figureSums])
      .groupBy(["day", "source"])
      .execute();

  /**
   * A breakdown filtered by source class at most, from the narrow rollups: a few rows per day and value instead of
   * one per combination of keys (what keeps the unfiltered 90-day view fast on a large site).
   */
  async function narrowBreakdown(
    window: AnalyticsWindow,
    sources: readonly string[] | undefined,
    columns: readonly Exclude<BreakdownDimension, "source">[] = Object.keys(
      narrowDimensions,
    ) as Exclude<BreakdownDimension, "source">[],
  ): Promise<Breakdown> {
    // Each dimension by name (not "!= total"): a range of the primary key per dimension, not a full scan.
    const dimensions: RollupDimension[] = [
      ...columns.map((column) => narrowDimensions[column]),
      "funnel",
    ];
    const { weeks, days } = splitIntoWeeks(dayOf(window.since), dayOf(window.until));
    const rows = (table: "visit_rollups_by_key" | "visit_rollups_by_key_week") => {
      const grain = table === "visit_rollups_by_key" ? "day" : "week";
      return ([from, to]: [string, string]) => {
        let query = db
          .selectFrom(table)
          .select(["dimension", "value", ...figureColumns])
          .where("dimension", "in", dimensions)
          .where(sql.ref(grain), ">=", from)
          .where(sql.ref(grain), "<", to);
        if (sources?.length) query = query.where("source", "in", sources as ReferrerSource[]);
        return query;
      };
    };
    const parts = [
      ...(weeks ? [rows("visit_rollups_by_key_week")(weeks)] : []),
      ...days.map(rows("visit_rollups_by_key")),
    ];
    const [values, totals] = await Promise.all([
      parts.length === 0
        ? []
        : db
            .selectFrom(
              parts
                .slice(1)
                .reduce((union, part) => union.unionAll(part), parts[0] as (typeof parts)[number])
                .as("parts"),
            )
            .select(["dimension", "value", ...figureSums])
            .groupBy(["dimension", "value"])
            .execute(),
      dailyTotals(window, sources),
    ]);
    const bySource = new Map<string, BreakdownCounts>();
    for (const row of totals) {
      const source = bySource.get(row.source) ?? { value: row.source, ...noFigures() };
      bySource.set(row.source, addFigures(source, figuresOf(row)) as BreakdownCounts);
    }
    const byDimension = { source: rankCounts([...bySource.values()]) } as Record<
      BreakdownDimension,
      BreakdownCounts[]
    >;
    for (const column of columns) {
      const dimension = narrowDimensions[column];
      byDimension[column] = rankCounts(
        values
          .filter((row) => row.dimension === dimension)
          .map((row) => ({ value: row.value, ...figuresOf(row) })),
      );
    }
    const sums = tally(totals);
    const step = (value: string) =>
      Number(values.find((row) => row.dimension === "funnel" && row.value === value)?.visits ?? 0);
    const funnel = {
      landed: sums.visits,
      considered: step("considered"),
      signedUp: step("signed_up"),
    };
    return { ...sums, funnel, byDimension, narrowOnlyUnfiltered: false };
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
        perDay: windowDays(window, timeZone).map((day) => ({
          day,
          visits: dayCounts.get(day) ?? 0,
        })),
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
      // The window's rows of these values are read once into a materialized table and summed by day, and by their
      // keys across the days into a second, smaller one that each dimension is then summed from: two sorts of the
      // matching rows instead of one per dimension.
      const wide = db
        .with(
          (cte) => cte("filtered").materialized(),
          (qb) => {
            let query = qb
              .selectFrom("visit_rollups")
              .select(["day", ...visitKeyColumns, "bot_visits", ...figureColumns])
              .where("day", ">=", dayOf(window.since))
              .where("day", "<", dayOf(window.until));
            for (const column of visitKeyColumns) {
              const values = filter[column];
              if (values?.length) query = query.where(column, "in", values);
            }
            return query;
          },
        )
        .with(
          (cte) => cte("combined").materialized(),
          (qb) =>
            qb
              .selectFrom("filtered")
              .select([...visitKeyColumns, botSum, ...figureSums])
              .groupBy([...visitKeyColumns]),
        )
        .selectFrom("filtered")
        .select((eb) => [
          sql.lit("day").as("dimension"),
          eb.ref("day").as("value"),
          botSum,
          ...figureSums,
        ])
        .groupBy("day")
        .$call((first) =>
          visitKeyColumns.reduce(
            (union, column) =>
              union.unionAll((eb) =>
                eb
                  .selectFrom("combined")
                  .select((inner) => [
                    sql.lit(column).as("dimension"),
                    inner.ref(column).as("value"),
                    botSum,
                    ...figureSums,
                  ])
                  .groupBy(column),
              ),
            first,
          ),
        )
        .execute();
      // The narrow rows give only what the wide rows lack: the audience, pages, goals and the funnel.
      const [all, rows] = await Promise.all([
        narrowBreakdown(window, filter.source, narrowOnlyDimensions),
        wide,
      ]);
      const days = rows.filter((row) => row.dimension === "day");
      return {
        ...tally(days.map((row) => ({ ...row, day: row.value }))),
        byDimension: Object.fromEntries([
          ...visitKeyColumns.map((column) => [
            column,
            rankCounts(
              rows
                .filter((row) => row.dimension === column)
                .map((row) => ({ value: row.value, ...figuresOf(row) })),
            ),
          ]),
          ...narrowOnlyDimensions.map((dimension) => [dimension, all.byDimension[dimension]]),
        ]) as Record<BreakdownDimension, BreakdownCounts[]>,
        funnel: all.funnel,
        narrowOnlyUnfiltered: true,
      };
    },

    async channelsSince() {
      const row = await db
        .selectFrom("visit_rollups_by_key")
        .select((eb) => eb.fn.max("day").as("day"))
        .where("dimension", "=", "total")
        .where("source", "in", [...legacySources])
        .executeTakeFirst();
      return row?.day ? addDays(row.day, 1) : null;
    },

    async perHour(window, filter) {
      let query = db
        .selectFrom("visit_rollups_by_hour")
        .where("hour", ">=", zonedHour(window.since, timeZone))
        .where("hour", "<", zonedHour(window.until, timeZone));
      for (const column of visitKeyColumns) {
        const values = filter[column];
        if (values?.length) query = query.where(column, "in", values);
      }
      const rows = await query
        .select(["hour", ...figureSums])
        .groupBy("hour")
        .execute();
      return new Map(rows.map((row) => [row.hour, figuresOf(row)]));
    },
  };
}
