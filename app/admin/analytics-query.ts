// The analytics page's query string (range, custom days, grouping, filters) and the admin API queries it stands
// for. Range and filters live in the URL so a view can be bookmarked and shared.
import {
  type AnalyticsFilterPanel,
  type AnalyticsGroup,
  type AnalyticsPanel,
  type AnalyticsRange,
  adminApiPaths,
  analyticsFilterPanels,
  analyticsGroups,
  analyticsRanges,
} from "../../contracts/admin-api";
import { adminPaths } from "./paths";

export interface AnalyticsView {
  range: AnalyticsRange;
  /** Whole UTC days (YYYY-MM-DD) of a custom range. */
  from: string;
  to: string;
  /** The chart's points: days, or weeks or months of a range longer than `groupableDays`. */
  group: AnalyticsGroup;
  filters: Record<AnalyticsFilterPanel, string[]>;
}

export const defaultRange: AnalyticsRange = "30d";

/** Links from before the ranges existed (`?days=7`) keep working. */
const legacyDays: Record<string, AnalyticsRange> = { "7": "7d", "30": "30d", "90": "90d" };

const dayPattern = /^\d{4}-\d\d-\d\d$/;

/** A range longer than this many days may be charted per week or month (a point a day is then hard to read). */
export const groupableDays = 31;

const presetDays: Record<Exclude<AnalyticsRange, "custom">, number> = {
  today: 1,
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "12m": 365,
};

/** Whether the view's range is long enough to be grouped per week or month. */
export function isGroupable(view: Pick<AnalyticsView, "range" | "from" | "to">): boolean {
  const days =
    view.range === "custom"
      ? (Date.parse(view.to) - Date.parse(view.from)) / 86_400_000 + 1
      : presetDays[view.range];
  return days > groupableDays;
}

export function readAnalyticsView(search: string): AnalyticsView {
  const params = new URLSearchParams(search);
  const asked = params.get("range") ?? legacyDays[params.get("days") ?? ""] ?? defaultRange;
  const range = (analyticsRanges as readonly string[]).includes(asked)
    ? (asked as AnalyticsRange)
    : defaultRange;
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return dayPattern.test(value) ? value : "";
  };
  const filters = Object.fromEntries(
    analyticsFilterPanels.map((panel) => [
      panel,
      [...new Set(params.getAll(panel).filter((value) => value.length <= 300))].slice(0, 20),
    ]),
  ) as Record<AnalyticsFilterPanel, string[]>;
  const dates = {
    range,
    from: range === "custom" ? day("from") : "",
    to: range === "custom" ? day("to") : "",
  };
  const group = params.get("group") ?? "";
  return {
    ...dates,
    group:
      (analyticsGroups as readonly string[]).includes(group) && isGroupable(dates)
        ? (group as AnalyticsGroup)
        : "day",
    filters,
  };
}

function viewParams(view: AnalyticsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range !== defaultRange) params.set("range", view.range);
  if (view.range === "custom") {
    params.set("from", view.from);
    params.set("to", view.to);
  }
  // A grouping kept from a long range does not follow to a short one (the page offers no way back there).
  if (view.group !== "day" && isGroupable(view)) params.set("group", view.group);
  for (const panel of analyticsFilterPanels) {
    for (const value of view.filters[panel]) params.append(panel, value);
  }
  return params;
}

const withQuery = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export function analyticsHref(view: AnalyticsView): string {
  return withQuery(adminPaths.analytics, viewParams(view));
}

/** The API's query always names the range (its default could differ from the page's). */
function apiParams(view: AnalyticsView): URLSearchParams {
  const params = viewParams(view);
  params.set("range", view.range);
  return params;
}

export function breakdownApiUrl(view: AnalyticsView): string {
  return withQuery(adminApiPaths.analyticsBreakdown, apiParams(view));
}

export function breakdownCsvUrl(view: AnalyticsView, panel: AnalyticsPanel | "series"): string {
  const params = apiParams(view);
  params.set("panel", panel);
  return withQuery(adminApiPaths.analyticsCsv, params);
}

/** The view with one more filter value (a click on a row), or one less (a chip removed). */
export function withFilter(
  view: AnalyticsView,
  panel: AnalyticsFilterPanel,
  value: string,
): AnalyticsView {
  if (view.filters[panel].includes(value)) return view;
  return { ...view, filters: { ...view.filters, [panel]: [...view.filters[panel], value] } };
}

export function withoutFilter(
  view: AnalyticsView,
  panel: AnalyticsFilterPanel,
  value: string,
): AnalyticsView {
  return {
    ...view,
    filters: { ...view.filters, [panel]: view.filters[panel].filter((v) => v !== value) },
  };
}

/** A figure's change against the previous period: the percent, or "new" when there was none before. */
export function change(
  now: number,
  before: number,
): { text: string; direction: "up" | "down" | "same" } {
  if (before === 0)
    return now === 0 ? { text: "0%", direction: "same" } : { text: "new", direction: "up" };
  const percent = Math.round(((now - before) / before) * 100);
  return {
    text: `${percent > 0 ? "+" : ""}${percent}%`,
    direction: percent > 0 ? "up" : percent < 0 ? "down" : "same",
  };
}

/** A part of the visits (those that sent a message, or clicked sign-up) ÷ visits, in per cent; "–" without visits. */
export function conversionRate(part: number, visits: number): string {
  return visits > 0 ? `${(Math.round((part / visits) * 1000) / 10).toFixed(1)}%` : "–";
}

/**
 * A figure per visit as the console prints it, for the period or the previous one (a screen reader hears the same
 * figure as is shown): a rate as a percent with one decimal, pages per visit with one decimal; "–" without visits.
 */
export function perVisit(
  figures: { visits: number; signedUpVisits: number; converted: number; pageviews: number },
  of: "signedUpVisits" | "converted" | "pageviews",
): string {
  if (figures.visits === 0) return "–";
  return of === "pageviews"
    ? (figures.pageviews / figures.visits).toFixed(1)
    : conversionRate(figures[of], figures.visits);
}
