// /admin/analytics: where the site's visitors and contact messages come from, over 7, 30 or 90 days.
import { type AnalyticsReport, adminApiPaths, analyticsDays } from "../../../contracts/admin-api";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { AnalyticsView } from "../components/analytics-report";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: consoleTitle(loaderData, "Analytics") },
];

const defaultDays = 30;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = (analyticsDays as readonly number[]).includes(asked) ? asked : defaultDays;
  return whenSignedIn(() =>
    adminApi.get<AnalyticsReport>(`${adminApiPaths.analytics}?days=${days}`),
  );
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <AdminData result={loaderData} errorTitle="Referrer analytics">
      {(report) => <AnalyticsView report={report} />}
    </AdminData>
  );
}
