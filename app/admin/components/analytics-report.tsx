// The referrer analytics of a window: totals, then one table per dimension (sources, hosts, landing pages,
// campaigns, days, and the contact messages by source). Plain tables: screen readers and copy-paste both work.
import { Link } from "react-router";
import { type AnalyticsReport, analyticsDays } from "../../../contracts/admin-api";
import { formatDay, sourceLabels } from "../format";
import { adminPaths } from "../paths";
import { VisitorsNow } from "./console-live";
import { PageHeading } from "./ui";

const rangeLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md border px-3 py-2 text-sm font-semibold ${
    isActive
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-slate-300 bg-white text-ink hover:border-brand-700 hover:text-brand-800"
  }`;

interface Column {
  label: string;
  numeric?: boolean;
}

function CountTable({
  caption,
  columns,
  rows,
  empty = "None in this period.",
}: {
  caption: string;
  columns: [Column, Column];
  rows: [string, number][];
  empty?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-ink">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-2 ${column.numeric ? "text-right" : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="px-4 py-3 text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map(([label, count]) => (
              <tr key={label} className="border-t border-slate-200">
                <th scope="row" className="break-all px-4 py-2 font-normal">
                  {label}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{count}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

const visitsColumn: Column = { label: "Visits", numeric: true };

export function AnalyticsView({ report }: { report: AnalyticsReport }) {
  const dayRange = `${formatDay(report.since.slice(0, 10))} to ${formatDay(report.perDay.at(-1)?.day ?? report.since.slice(0, 10))} (UTC)`;
  return (
    <>
      <PageHeading>Referrer analytics</PageHeading>
      <VisitorsNow />
      <PeriodLinks current={report.days} />
      <p className="text-muted">{dayRange}</p>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm text-muted">Visits</dt>
          <dd className="text-3xl font-bold text-ink">{report.visits}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm text-muted">Bot visits (left out of every table)</dt>
          <dd className="text-3xl font-bold text-ink">{report.botVisits}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="text-sm text-muted">Contact messages (spam left out)</dt>
          <dd className="text-3xl font-bold text-ink">
            {report.messagesBySource.reduce((sum, row) => sum + row.messages, 0)}
          </dd>
        </div>
      </dl>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CountTable
          caption="Visits by source"
          columns={[{ label: "Source" }, visitsColumn]}
          rows={report.bySource.map((row) => [sourceLabels[row.source], row.visits])}
        />
        <CountTable
          caption="Contact messages by source of the sender's visit"
          columns={[{ label: "Source" }, { label: "Messages", numeric: true }]}
          rows={report.messagesBySource.map((row) => [sourceLabels[row.source], row.messages])}
        />
        <CountTable
          caption="Top referrers"
          columns={[{ label: "Referrer host" }, visitsColumn]}
          rows={report.byReferrerHost.map((row) => [row.host, row.visits])}
        />
        <CountTable
          caption="Top landing pages"
          columns={[{ label: "Path" }, visitsColumn]}
          rows={report.byLandingPath.map((row) => [row.path, row.visits])}
        />
        <CountTable
          caption="Top campaigns (utm_campaign)"
          columns={[{ label: "Campaign" }, visitsColumn]}
          rows={report.byCampaign.map((row) => [row.campaign, row.visits])}
        />
        <CountTable
          caption="Visits per day (UTC)"
          columns={[{ label: "Day" }, visitsColumn]}
          rows={report.perDay.map((row) => [formatDay(row.day), row.visits])}
        />
      </div>
    </>
  );
}

/** The three periods; the current one is marked for assistive technology as well as by colour. */
function PeriodLinks({ current }: { current: number }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap gap-2">
      {analyticsDays.map((days) => (
        <Link
          key={days}
          to={`${adminPaths.analytics}?days=${days}`}
          aria-current={days === current ? "page" : undefined}
          className={rangeLinkClass({ isActive: days === current })}
        >
          Last {days} days
        </Link>
      ))}
    </nav>
  );
}
