// The analytics of a range: sign-up clicks first (the conversion the site exists for), then visits, pageviews and
// messages with their change against the previous period, the funnel, the chart, and one table per panel (sources,
// hosts, landing pages, utm_source, utm_medium, campaigns, top pages, goals, devices, browsers, systems, countries;
// each in analytics-panel.tsx). A row of a filterable panel filters every panel and the chart; filters show as
// removable chips. Plain tables: screen readers and copy-paste both work.
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import {
  type AnalyticsBreakdown,
  type AnalyticsGroup,
  type AnalyticsPanel,
  analyticsFilterPanels,
  analyticsGroups,
} from "../../../contracts/admin-api";
import {
  type AnalyticsView,
  analyticsHref,
  breakdownCsvUrl,
  conversionRate,
  isGroupable,
  perVisit,
  withoutFilter,
} from "../analytics-query";
import { formatDays, formatPoint, reportDays } from "../format";
import {
  Change,
  cellClass,
  filterNames,
  fromSm,
  headerClass,
  label,
  Panel,
  panelTitles,
} from "./analytics-panel";
import { RangePicker, rangeLinkClass } from "./analytics-range-picker";
import { VisitorsNow } from "./console-live";
import { linkClass, PageHeading } from "./ui";

const dayMs = 24 * 60 * 60 * 1000;

const AnalyticsChart = lazy(() =>
  import("./analytics-chart").then((module) => ({ default: module.AnalyticsChart })),
);

const groupLabels: Record<AnalyticsGroup, string> = { day: "Day", week: "Week", month: "Month" };

const pointHeaders: Record<AnalyticsBreakdown["grain"], string> = { ...groupLabels, hour: "Hour" };

/** Points per day, week or month for the chart, its table and CSV: a long range's days are hard to read. */
function GroupPicker({ view }: { view: AnalyticsView }) {
  return (
    <nav aria-labelledby="analytics-group" className="flex flex-wrap items-center gap-2">
      <span id="analytics-group" className="text-sm font-semibold text-ink">
        Group by:
      </span>
      {analyticsGroups.map((group) => (
        <Link
          key={group}
          to={analyticsHref({ ...view, group })}
          aria-current={group === view.group ? "page" : undefined}
          className={rangeLinkClass(group === view.group)}
        >
          {groupLabels[group]}
        </Link>
      ))}
    </nav>
  );
}

function FilterChips({ view }: { view: AnalyticsView }) {
  const chips = analyticsFilterPanels.flatMap((panel) =>
    view.filters[panel].map((value) => ({ panel, value })),
  );
  if (chips.length === 0) return null;
  return (
    <section aria-label="Filters" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-ink">Filtered by:</span>
      {chips.map(({ panel, value }) => (
        <Link
          key={`${panel}:${value}`}
          to={analyticsHref(withoutFilter(view, panel, value))}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 bg-brand-50 px-3 py-1 text-sm text-brand-900 hover:bg-brand-100"
          aria-label={`Remove filter ${filterNames[panel]}: ${label(panel, value)}`}
        >
          {filterNames[panel]}: {label(panel, value)}
          <span aria-hidden="true">×</span>
        </Link>
      ))}
    </section>
  );
}

function Total({
  term,
  now,
  before,
  shown,
}: {
  term: string;
  now: number;
  before: number;
  /** The figures as printed, when they are not counts. */
  shown?: { now: string; before: string };
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold text-ink">{shown?.now ?? now}</span>
        <Change now={now} before={before} shownBefore={shown?.before} />
      </dd>
    </div>
  );
}

/** Visits that landed, saw pricing or a feature page, and clicked sign-up: each step as a share of the visits. */
function FunnelSteps({ report }: { report: AnalyticsBreakdown }) {
  const { landed, considered, signedUp } = report.funnel;
  const steps: [string, number][] = [
    ["Landed on the site", landed],
    ["Saw the pricing or a feature page", considered],
    ["Clicked sign-up", signedUp],
  ];
  return (
    <section aria-labelledby="funnel-heading" className="grid gap-2">
      <h2 id="funnel-heading" className="text-lg font-semibold text-ink">
        Funnel: visits that reached each step
      </h2>
      <ol className="grid gap-2">
        {steps.map(([label, count]) => (
          <li key={label} className="grid gap-1">
            <span className="flex flex-wrap justify-between gap-2 text-sm">
              <span>{label}</span>
              <span className="tabular-nums">
                {count} ({conversionRate(count, landed)} of visits)
              </span>
            </span>
            <span aria-hidden="true" className="h-2 rounded bg-slate-100">
              <span
                className="block h-2 rounded bg-brand-700"
                style={{ width: `${landed ? Math.min(100, (count / landed) * 100) : 0}%` }}
              />
            </span>
          </li>
        ))}
      </ol>
      {report.unfilteredPanels.length > 0 && (
        <p className="text-sm text-muted">
          Not narrowed by the host, landing page or campaign filters: every visit of the period.
        </p>
      )}
    </section>
  );
}

/** A figure per visit, against the previous period's: a rate in per cent, pages as a number. */
function PerVisit({
  term,
  of,
  report,
}: {
  term: string;
  of: "signedUpVisits" | "converted" | "pageviews";
  report: AnalyticsBreakdown;
}) {
  const { totals, previousTotals } = report;
  const ratio = (figures: typeof totals) => (figures.visits ? figures[of] / figures.visits : 0);
  return (
    <Total
      term={term}
      now={ratio(totals)}
      before={ratio(previousTotals)}
      shown={{ now: perVisit(totals, of), before: perVisit(previousTotals, of) }}
    />
  );
}

export function AnalyticsReportView({
  report,
  view,
}: {
  report: AnalyticsBreakdown;
  view: AnalyticsView;
}) {
  const { first, last } = reportDays(report);
  const days = Math.round((Date.parse(last) - Date.parse(first)) / dayMs) + 1;
  const unit = report.grain;
  const { totals, previousTotals: before } = report;
  return (
    <>
      <PageHeading>Analytics</PageHeading>
      <VisitorsNow />
      <RangePicker view={view} first={first} last={last} />
      <p className="text-muted">
        {formatDays(first, last, new Date().toISOString().slice(0, 4))} ({report.timeZone}),
        compared with the {days === 1 ? "day" : `${days} days`} before.
      </p>
      <FilterChips view={view} />
      {report.channelsSince && report.channelsSince > first && (
        <p className="text-muted">
          Channels apply from {report.channelsSince}: the days before it keep the classes counted
          before channels (Search, Social, Other sites), and no rates.
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Total term="Sign-up clicks" now={totals.signups} before={before.signups} />
        <PerVisit
          term="Sign-up rate (visits that clicked sign-up ÷ visits)"
          of="signedUpVisits"
          report={report}
        />
        <Total term="Visits" now={totals.visits} before={before.visits} />
        <Total term="Pageviews" now={totals.pageviews} before={before.pageviews} />
        <PerVisit term="Pages per visit" of="pageviews" report={report} />
        <Total
          term="Contact messages (spam left out)"
          now={totals.messages}
          before={before.messages}
        />
        <PerVisit
          term="Conversion rate (visits that sent a message ÷ visits)"
          of="converted"
          report={report}
        />
        <Total
          term="Bot visits (left out of every table)"
          now={totals.botVisits}
          before={before.botVisits}
        />
      </dl>
      <FunnelSteps report={report} />
      {isGroupable(view) && <GroupPicker view={view} />}
      <Suspense fallback={<p className="text-muted">Loading the chart…</p>}>
        <AnalyticsChart series={report.series} grain={report.grain} timeZone={report.timeZone} />
      </Suspense>
      {/* Side by side only where a seven-column panel fits in half the width; below that, one a row. */}
      <div className="grid items-start gap-6 2xl:grid-cols-2">
        {(Object.keys(panelTitles) as AnalyticsPanel[]).map((panel) => (
          <Panel
            key={panel}
            panel={panel}
            rows={report.panels[panel]}
            view={view}
            unfiltered={report.unfilteredPanels.includes(panel)}
          />
        ))}
        <div className="grid gap-2">
          <section
            aria-label={`Visits per ${unit} (${report.timeZone})`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone must scroll by keyboard.
            tabIndex={0}
            className="overflow-x-auto rounded-lg border border-slate-200"
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="px-4 py-3 text-left font-semibold text-ink">
                Visits per {unit} ({report.timeZone})
              </caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-4">
                    {pointHeaders[report.grain]}
                  </th>
                  <th scope="col" className={headerClass}>
                    Visits
                  </th>
                  <th scope="col" className={`${headerClass} ${fromSm}`}>
                    Previous period
                  </th>
                  <th scope="col" className={headerClass}>
                    Sign-up clicks
                  </th>
                  <th scope="col" className={headerClass}>
                    Messages
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.series.map((point) => (
                  <tr key={point.start} className="border-t border-slate-200">
                    <th scope="row" className="px-2 py-2 font-normal sm:px-4">
                      {formatPoint(point.start, report.grain, report.timeZone)}
                    </th>
                    <td className={cellClass}>{point.visits}</td>
                    <td className={`${cellClass} ${fromSm}`}>{point.previousVisits}</td>
                    <td className={cellClass}>{point.signups}</td>
                    <td className={cellClass}>{point.messages}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <p className="text-sm">
            <a href={breakdownCsvUrl(view, "series")} download className={linkClass}>
              Download the visits per {unit} as CSV
            </a>
          </p>
        </div>
      </div>
    </>
  );
}

/** A custom range the API refused (From after To, To after today, too long): the picker stays, to correct the days. */
export function AnalyticsRangeRefused({ view, error }: { view: AnalyticsView; error: string }) {
  return (
    <>
      <PageHeading>Analytics</PageHeading>
      <RangePicker view={view} first={view.from} last={view.to} error={error} />
    </>
  );
}
