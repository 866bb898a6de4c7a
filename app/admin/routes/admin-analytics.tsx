// /admin/analytics: where the site's visitors and contact messages come from, over a range, filtered, beside the
// previous period. Range and filters are in the URL.
import type { AnalyticsBreakdown } from "../../../contracts/admin-api";
import { breakdownApiUrl, readAnalyticsView } from "../analytics-query";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { AnalyticsRangeRefused, AnalyticsReportView } from "../components/analytics-report";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: consoleTitle(loaderData?.report, "Analytics", matches[1]?.loaderData?.unreadCount) },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const view = readAnalyticsView(new URL(request.url).search);
  return {
    view,
    report: await whenSignedIn(() => adminApi.get<AnalyticsBreakdown>(breakdownApiUrl(view))),
  };
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { view, report } = loaderData;
  // The API refuses custom days it cannot show with a 400: the reader corrects them on the same page.
  if (report.kind === "error" && report.status === 400 && view.range === "custom") {
    return <AnalyticsRangeRefused view={view} error={report.error} />;
  }
  return (
    <AdminData result={report} errorTitle="Analytics">
      {(data) => <AnalyticsReportView report={data} view={view} />}
    </AdminData>
  );
}
