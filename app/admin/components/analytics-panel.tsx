// One panel of the analytics: a plain table of a dimension's values (visits, sign-ups and messages with their rates,
// or pageviews, or goal clicks) beside the previous period, the first rows with the rest on request, hosts summed
// per site with each site's hosts on demand, a filterable value as a link that filters the report, and its CSV.
import { Fragment, useState } from "react";
import { Link } from "react-router";
import {
  type AnalyticsFilterPanel,
  type AnalyticsPanel,
  analyticsFilterPanels,
  type BreakdownRow,
  type RollupSource,
} from "../../../contracts/admin-api";
import { type SiteRow, siteRows } from "../../../contracts/referrer-sites";
import {
  type AnalyticsView,
  analyticsHref,
  breakdownCsvUrl,
  change,
  conversionRate,
  withFilter,
} from "../analytics-query";
import { sourceLabels } from "../format";
import { linkClass, secondaryButtonClass } from "./ui";

type Measure = "visits" | "pageviews" | "clicks";

export const panelTitles: Record<
  AnalyticsPanel,
  { caption: string; column: string; measure: Measure }
> = {
  source: { caption: "Visits and conversions by channel", column: "Channel", measure: "visits" },
  host: { caption: "Referrer hosts", column: "Referrer host", measure: "visits" },
  landing: { caption: "Entry pages (landing)", column: "Landing page", measure: "visits" },
  utmSource: { caption: "utm_source", column: "utm_source", measure: "visits" },
  utmMedium: { caption: "utm_medium", column: "utm_medium", measure: "visits" },
  campaign: { caption: "Campaigns (utm_campaign)", column: "Campaign", measure: "visits" },
  page: { caption: "Top pages", column: "Page", measure: "pageviews" },
  goal: { caption: "Goals: clicks on each call to action", column: "Goal", measure: "clicks" },
  device: { caption: "Devices", column: "Device", measure: "visits" },
  browser: { caption: "Browsers", column: "Browser", measure: "visits" },
  os: { caption: "Operating systems", column: "Operating system", measure: "visits" },
  country: { caption: "Countries", column: "Country", measure: "visits" },
};

/** Rows a panel shows before "Show all". */
const firstRows = 10;

const goalLabels: Record<string, string> = {
  sign_up: "Sign up (organizer app)",
  guide_sign_up: "Sign up from a guide",
  login: "Log in (organizer app)",
  sample_event: "Sample event page",
  video: "Demo videos",
  social: "Social profiles",
};

const deviceLabels: Record<string, string> = {
  desktop: "Desktop",
  mobile: "Phone",
  tablet: "Tablet",
  other: "Other",
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export const filterNames: Record<AnalyticsFilterPanel, string> = {
  source: "Channel",
  host: "Host",
  landing: "Landing page",
  campaign: "Campaign",
};

/** What a panel's "" row is: the visits or messages without that key, in words. */
const noneLabels: Partial<Record<AnalyticsPanel, string>> = {
  host: "No referrer",
  landing: "No tracked visit",
  utmSource: "No utm_source",
  utmMedium: "No utm_medium",
  campaign: "No campaign",
  page: "No page",
};

/** A value as the panel shows it: the channel in words, and what a row without a value is. */
export function label(panel: AnalyticsPanel, value: string): string {
  if (panel === "source") return sourceLabels[value as RollupSource] ?? value;
  if (panel === "goal") return goalLabels[value] ?? value;
  if (value === "")
    return ["device", "browser", "os", "country"].includes(panel)
      ? "Unknown"
      : (noneLabels[panel] ?? "None");
  if (panel === "device") return deviceLabels[value] ?? value;
  if (panel === "country") return `${regionNames.of(value) ?? value} (${value})`;
  return value;
}

export const headerClass = "px-2 py-2 text-right sm:px-4";
export const cellClass = "px-2 py-2 text-right tabular-nums sm:px-4";
// On a phone a panel keeps its name, visits and the two rates (the conversions the page is for); the change goes
// first, then the counts the rates are made of. The CSV keeps every column.
export const fromMd = "hidden md:table-cell";
export const fromSm = "hidden sm:table-cell";

/** The change against the previous period; `shownBefore` is the previous figure as the page prints such figures. */
export function Change({
  now,
  before,
  shownBefore = String(before),
}: {
  now: number;
  before: number;
  shownBefore?: string;
}) {
  const { text, direction } = change(now, before);
  const arrow = { up: "▲", down: "▼", same: "" }[direction];
  const colour = { up: "text-emerald-800", down: "text-red-800", same: "text-muted" }[direction];
  return (
    <span className={`whitespace-nowrap text-sm ${colour}`}>
      <span aria-hidden="true">{arrow} </span>
      {text}
      <span className="sr-only"> against the previous period ({shownBefore})</span>
    </span>
  );
}

function FigureCells({ measure, row }: { measure: Measure; row: BreakdownRow }) {
  if (measure !== "visits") {
    return <td className={cellClass}>{measure === "pageviews" ? row.pageviews : row.clicks}</td>;
  }
  return (
    <>
      <td className={cellClass}>{row.visits}</td>
      <td className={`${headerClass} ${fromMd}`}>
        <Change now={row.visits} before={row.previousVisits} />
      </td>
      <td className={`${cellClass} ${fromSm}`}>{row.signups}</td>
      <td className={cellClass}>{conversionRate(row.signedUpVisits, row.visits)}</td>
      <td className={`${cellClass} ${fromSm}`}>{row.messages}</td>
      <td className={cellClass}>{conversionRate(row.converted, row.visits)}</td>
    </>
  );
}

/** A row's name: a link that filters by it (a site: by all its hosts), unless the filters hold it already. */
function RowName({
  panel,
  view,
  name,
  values,
  site,
}: {
  panel: AnalyticsPanel;
  view: AnalyticsView;
  name: string;
  values: string[];
  site: boolean;
}) {
  const filterable = (analyticsFilterPanels as readonly string[]).includes(panel)
    ? (panel as AnalyticsFilterPanel)
    : null;
  const text = label(panel, name);
  if (!filterable || values.every((value) => view.filters[filterable].includes(value))) {
    return <Wrappable text={text} />;
  }
  const named = site ? "site" : filterNames[filterable].toLowerCase();
  return (
    <Link
      to={analyticsHref(values.reduce((next, value) => withFilter(next, filterable, value), view))}
      className={linkClass}
      aria-label={`Filter by ${named} ${text}`}
    >
      <Wrappable text={text} />
    </Link>
  );
}

/**
 * A value with a chance to wrap after each dot and slash (hosts, paths): on a phone "search.example" wraps as
 * "search." and "example", not mid-word; copied or read aloud it is the same text.
 */
function Wrappable({ text }: { text: string }) {
  return text.split(/(?<=[./])/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in their fixed order.
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** A panel's row; a site's row (the host panel) can list the hosts it sums below it. */
function PanelRow({
  panel,
  row,
  hosts,
  view,
}: {
  panel: AnalyticsPanel;
  row: BreakdownRow;
  hosts?: BreakdownRow[];
  view: AnalyticsView;
}) {
  const [expanded, setExpanded] = useState(false);
  const { measure } = panelTitles[panel];
  // A site that is only its own host ("No referrer", example.org) has nothing more to show.
  const site = hosts && !(hosts.length === 1 && hosts[0]?.value === row.value) ? hosts : null;
  const values = hosts ? hosts.map((host) => host.value) : [row.value];
  return (
    <>
      <tr className="border-t border-slate-200">
        <th scope="row" className="px-2 py-2 font-normal [overflow-wrap:anywhere] sm:px-4">
          <span className="flex flex-wrap items-center gap-2">
            <RowName panel={panel} view={view} name={row.value} values={values} site={!!site} />
            {site && (
              <button
                type="button"
                className="inline-flex min-h-8 items-center gap-1 whitespace-nowrap rounded border border-slate-300 bg-white px-2 text-xs font-semibold text-ink hover:border-brand-700 hover:text-brand-800"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
                Show hosts<span className="sr-only"> of {label(panel, row.value)}</span>
              </button>
            )}
          </span>
        </th>
        <FigureCells measure={measure} row={row} />
      </tr>
      {expanded &&
        site?.map((host) => (
          <tr key={host.value} className="border-t border-slate-100 bg-slate-50">
            <th
              scope="row"
              className="py-2 pr-2 pl-6 font-normal [overflow-wrap:anywhere] sm:pr-4 sm:pl-8"
            >
              <RowName
                panel={panel}
                view={view}
                name={host.value}
                values={[host.value]}
                site={false}
              />
            </th>
            <FigureCells measure={measure} row={host} />
          </tr>
        ))}
    </>
  );
}

export function Panel({
  panel,
  rows: apiRows,
  view,
  unfiltered,
}: {
  panel: AnalyticsPanel;
  rows: BreakdownRow[];
  view: AnalyticsView;
  unfiltered: boolean;
}) {
  const [showAll, setShowAll] = useState(false);
  const { caption, column, measure } = panelTitles[panel];
  // One row a site (Facebook for m.facebook.com and l.facebook.com): its hosts are listed on demand.
  const rows: (BreakdownRow | SiteRow)[] = panel === "host" ? siteRows(apiRows) : apiRows;
  const shown = showAll ? rows : rows.slice(0, firstRows);
  const columns = measure === "visits" ? 7 : 2;
  return (
    <div className="grid gap-2">
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must scroll by keyboard.
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="px-4 py-3 text-left font-semibold text-ink">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-2 py-2 sm:px-4">
                {column}
              </th>
              {measure === "visits" ? (
                <>
                  <th scope="col" className={headerClass}>
                    Visits
                  </th>
                  <th scope="col" className={`${headerClass} ${fromMd}`}>
                    Change
                  </th>
                  <th scope="col" className={`${headerClass} ${fromSm}`}>
                    Sign-up clicks
                  </th>
                  <th scope="col" className={headerClass}>
                    Sign-up rate
                  </th>
                  <th scope="col" className={`${headerClass} ${fromSm}`}>
                    Messages
                  </th>
                  <th scope="col" className={headerClass}>
                    Conversion
                  </th>
                </>
              ) : (
                <th scope="col" className={headerClass}>
                  {measure === "pageviews" ? "Pageviews" : "Clicks"}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns} className="px-4 py-3 text-muted">
                  None in this period.
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <PanelRow
                  key={row.value}
                  panel={panel}
                  row={row}
                  hosts={"hosts" in row ? row.hosts : undefined}
                  view={view}
                />
              ))
            )}
          </tbody>
        </table>
      </section>
      {rows.length > firstRows && (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <span>
            {showAll
              ? `All ${rows.length} rows shown.`
              : `${rows.length - firstRows} more ${rows.length - firstRows === 1 ? "row" : "rows"} not shown.`}
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            aria-expanded={showAll}
            onClick={() => setShowAll(!showAll)}
          >
            {showAll ? `Show the first ${firstRows}` : `Show all ${rows.length}`}
          </button>
        </p>
      )}
      {unfiltered && (
        <p className="text-sm text-muted">
          Not narrowed by the host, landing page or campaign filters: every visit of the period
          {view.filters.source.length ? " and source" : ""}.
        </p>
      )}
      <p className="text-sm">
        <a href={breakdownCsvUrl(view, panel)} download className={linkClass}>
          Download “{caption}” as CSV
        </a>
      </p>
    </div>
  );
}
