// The analytics breakdown: a range (today, 7, 30 or 90 days, 12 months, or whole days chosen, in ANALYTICS_TIME_ZONE) filtered by any
// source classes, hosts, landing pages and campaigns, with every panel's visits and contact messages beside the
// previous period of the same length, the series per day (per hour for today, beside yesterday's hours; summed per
// week or month when asked), and any panel or the series as CSV.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AnalyticsBreakdown,
  type AnalyticsGroup,
  type AnalyticsPanel,
  type AnalyticsRange,
  analyticsPanels,
  audiencePanels,
  type BreakdownRow,
  type RollupSource,
  sourceLabels,
} from "../../contracts/admin-api.ts";
import {
  type AnalyticsBreakdownQuery,
  analyticsBreakdownQuerySchema,
} from "../../contracts/admin-requests.ts";
import { addDays, startOfDay, zonedDay, zonedHour } from "../../contracts/time-zone.ts";
import {
  type AnalyticsWindow,
  type Breakdown,
  type BreakdownDimension,
  type BreakdownFigures,
  type BreakdownFilter,
  windowDays,
} from "../db/repositories/referrer-analytics.ts";
import { sendCsv, toCsv } from "./csv.ts";

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

const panelColumns: Record<AnalyticsPanel, BreakdownDimension> = {
  source: "source",
  host: "referrer_host",
  landing: "landing_path",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  campaign: "utm_campaign",
  page: "page",
  goal: "goal",
  device: "device",
  browser: "browser",
  os: "os",
  country: "country",
};

const panelTitles: Record<AnalyticsPanel, string> = {
  source: "Channel",
  host: "Referrer host",
  landing: "Landing page",
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  campaign: "utm_campaign",
  page: "Page",
  goal: "Goal",
  device: "Device",
  browser: "Browser",
  os: "Operating system",
  country: "Country",
};

/** Whole days in the time zone: the first and how many. */
interface DayRange {
  first: string;
  count: number;
}

/** The range's days in the time zone, today included (custom: from and to, both included). */
export function breakdownDays(
  query: Pick<AnalyticsBreakdownQuery, "range" | "from" | "to">,
  now: number,
  timeZone: string,
): DayRange {
  const today = zonedDay(now, timeZone);
  const lastDays = (count: number) => ({ first: addDays(today, 1 - count), count });
  const ranges: Record<Exclude<AnalyticsRange, "custom">, () => DayRange> = {
    today: () => lastDays(1),
    "7d": () => lastDays(7),
    "30d": () => lastDays(30),
    "90d": () => lastDays(90),
    "12m": () => lastDays(365),
  };
  // The schema requires from and to with "custom".
  if (query.range !== "custom" || !query.from || !query.to) {
    return ranges[query.range === "custom" ? "30d" : query.range]();
  }
  const count = Math.round((Date.parse(query.to) - Date.parse(query.from)) / dayMs) + 1;
  return { first: query.from, count };
}

/** From the start of the first day to the start of the day after the last, in the time zone. */
function windowOf({ first, count }: DayRange, timeZone: string): AnalyticsWindow {
  return { since: startOfDay(first, timeZone), until: startOfDay(addDays(first, count), timeZone) };
}

const iso = (at: number) => new Date(at).toISOString();

/** A point of the series: the figures of its day or hour (none when nothing was counted). */
function seriesFigures(figures: BreakdownFigures | undefined) {
  return {
    visits: figures?.visits ?? 0,
    messages: figures?.messages ?? 0,
    signups: figures?.signups ?? 0,
    pageviews: figures?.pageviews ?? 0,
  };
}

type Series = AnalyticsBreakdown["series"];

/** The start of a day's ISO week (its Monday) or calendar month in the time zone, as the series writes a start. */
function periodStart(
  start: string,
  group: Exclude<AnalyticsGroup, "day">,
  timeZone: string,
): string {
  const day = zonedDay(Date.parse(start), timeZone);
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const first = group === "month" ? `${day.slice(0, 7)}-01` : addDays(day, -sinceMonday);
  return iso(startOfDay(first, timeZone));
}

/** The daily series summed per ISO week or calendar month, oldest first (the days come oldest first). */
function groupSeries(
  days: Series,
  group: Exclude<AnalyticsGroup, "day">,
  timeZone: string,
): Series {
  const points = new Map<string, Series[number]>();
  for (const day of days) {
    const start = periodStart(day.start, group, timeZone);
    const point = points.get(start);
    if (!point) {
      points.set(start, { ...day, start });
      continue;
    }
    point.visits += day.visits;
    point.messages += day.messages;
    point.signups += day.signups;
    point.pageviews += day.pageviews;
    point.previousVisits += day.previousVisits;
  }
  return [...points.values()];
}

/** The series' first column in the CSV. */
const pointColumns: Record<AnalyticsBreakdown["grain"], string> = {
  hour: "Hour",
  day: "Day",
  week: "Week",
  month: "Month",
};

function totalsOf(breakdown: Breakdown): AnalyticsBreakdown["totals"] {
  const { visits, messages, botVisits, pageviews, signups, clicks, converted, signed_up } =
    breakdown;
  const untrackedMessages =
    breakdown.byDimension.source.find((row) => row.value === "untracked")?.messages ?? 0;
  return {
    visits,
    messages,
    botVisits,
    pageviews,
    signups,
    clicks,
    converted,
    signedUpVisits: signed_up,
    untrackedMessages,
  };
}

export default async function analyticsBreakdownRoutes(app: FastifyInstance): Promise<void> {
  const analytics = app.repositories.referrerAnalytics;
  const { analyticsTimeZone: timeZone } = app;

  async function breakdown(query: AnalyticsBreakdownQuery): Promise<AnalyticsBreakdown> {
    const days = breakdownDays(query, Date.now(), timeZone);
    const window = windowOf(days, timeZone);
    const previous = windowOf(
      { first: addDays(days.first, -days.count), count: days.count },
      timeZone,
    );
    const filter: BreakdownFilter = {
      source: query.source,
      referrer_host: query.host,
      landing_path: query.landing,
      utm_campaign: query.campaign,
    };
    const grain = query.range === "today" ? "hour" : query.group;
    const [now, before, hours, previousHours, channelsSince] = await Promise.all([
      analytics.breakdown(window, filter),
      analytics.breakdown(previous, filter),
      grain === "hour" ? analytics.perHour(window, filter) : undefined,
      grain === "hour" ? analytics.perHour(previous, filter) : undefined,
      analytics.channelsSince(),
    ]);
    const panels = Object.fromEntries(
      analyticsPanels.map((panel) => {
        const column = panelColumns[panel];
        const earlier = new Map(before.byDimension[column].map((row) => [row.value, row]));
        const rows: BreakdownRow[] = now.byDimension[column].map(({ signed_up, ...row }) => ({
          ...row,
          signedUpVisits: signed_up,
          previousVisits: earlier.get(row.value)?.visits ?? 0,
          previousMessages: earlier.get(row.value)?.messages ?? 0,
          previousSignups: earlier.get(row.value)?.signups ?? 0,
        }));
        return [panel, rows];
      }),
    ) as Record<AnalyticsPanel, BreakdownRow[]>;
    const previousDays = windowDays(previous, timeZone);
    const series: Series =
      hours && previousHours
        ? // A day a clock change shortens or lengthens has 23 or 25 hours.
          Array.from({ length: (window.until - window.since) / hourMs }, (_, index) => {
            const start = window.since + index * hourMs;
            const hour = zonedHour(start, timeZone);
            const previousHour = `${addDays(hour.slice(0, 10), -1)}${hour.slice(10)}`;
            return {
              start: iso(start),
              ...seriesFigures(hours.get(hour)),
              previousVisits: previousHours.get(previousHour)?.visits ?? 0,
            };
          })
        : windowDays(window, timeZone).map((day, index) => ({
            start: iso(startOfDay(day, timeZone)),
            ...seriesFigures(now.perDay.get(day)),
            previousVisits: before.perDay.get(previousDays[index] ?? "")?.visits ?? 0,
          }));
    return {
      range: query.range,
      timeZone,
      since: iso(window.since),
      until: iso(window.until),
      previousSince: iso(previous.since),
      previousUntil: iso(previous.until),
      filters: {
        source: query.source,
        host: query.host,
        landing: query.landing,
        campaign: query.campaign,
      },
      totals: totalsOf(now),
      previousTotals: totalsOf(before),
      channelsSince,
      panels,
      unfilteredPanels: now.narrowOnlyUnfiltered ? [...audiencePanels] : [],
      funnel: now.funnel,
      grain,
      series: grain === "week" || grain === "month" ? groupSeries(series, grain, timeZone) : series,
    };
  }

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const route = {
    schema: { querystring: analyticsBreakdownQuerySchema },
    config: { report: true as const },
  };
  typed.get("/analytics/breakdown", route, async (request) => breakdown(request.query));

  typed.get("/analytics/breakdown.csv", route, async (request, reply) => {
    const panel = request.query.panel ?? "series";
    const report = await breakdown(request.query);
    const rate = (messages: number, visits: number) =>
      visits > 0 ? Math.round((messages / visits) * 10_000) / 100 : null;
    const csv =
      panel === "series"
        ? toCsv(
            [
              `${pointColumns[report.grain]} (${timeZone})`,
              "Visits",
              "Pageviews",
              "Sign-up clicks",
              "Messages",
              "Visits, previous period",
            ],
            report.series.map((point) => [
              // "2026-11-23 14:00" or "2026-11-23" (a week's Monday, a month's 1st): what a spreadsheet reads as a date.
              report.grain === "hour"
                ? `${zonedHour(Date.parse(point.start), timeZone).replace("T", " ")}:00`
                : zonedDay(Date.parse(point.start), timeZone),
              point.visits,
              point.pageviews,
              point.signups,
              point.messages,
              point.previousVisits,
            ]),
          )
        : toCsv(
            [
              panelTitles[panel],
              "Visits",
              "Pageviews",
              "Sign-up clicks",
              "Visits that clicked sign-up",
              "Sign-up rate (%)",
              "Goal clicks",
              "Messages",
              "Visits that sent a message",
              "Conversion rate (%)",
              "Visits, previous period",
              "Sign-up clicks, previous period",
              "Messages, previous period",
            ],
            report.panels[panel].map((row) => [
              panel === "source"
                ? (sourceLabels[row.value as RollupSource] ?? row.value)
                : row.value,
              row.visits,
              row.pageviews,
              row.signups,
              row.signedUpVisits,
              rate(row.signedUpVisits, row.visits),
              row.clicks,
              row.messages,
              row.converted,
              rate(row.converted, row.visits),
              row.previousVisits,
              row.previousSignups,
              row.previousMessages,
            ]),
          );
    const day = zonedDay(Date.parse(report.since), timeZone);
    const last = addDays(zonedDay(Date.parse(report.until), timeZone), -1);
    return sendCsv(reply, `boothpilot-${panel}-${day}-to-${last}.csv`, csv);
  });
}
