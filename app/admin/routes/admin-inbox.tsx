// /admin: the contact messages, newest first, with filters and the failed e-mails called out.
import { useLocation } from "react-router";
import type { InboxPage } from "../../../contracts/admin-api";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { InboxFiltersForm } from "../components/inbox-filters";
import { FailedMailWarning, InboxTable } from "../components/inbox-table";
import { PageHeading, StatusNote } from "../components/ui";
import { inboxApiUrl, readInboxFilters } from "../inbox-query";
import type { Route } from "./+types/admin-inbox";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: consoleTitle(loaderData?.page, "Inbox", matches[1]?.loaderData?.unreadCount) },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = readInboxFilters(new URL(request.url).search);
  return { filters, page: await whenSignedIn(() => adminApi.get<InboxPage>(inboxApiUrl(filters))) };
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { filters, page } = loaderData;
  // What the message page did before it brought the reader back (a deletion, "mark unread").
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <AdminData result={page} errorTitle="Inbox">
      {(data) => (
        <>
          <PageHeading>Inbox</PageHeading>
          {notice ? <StatusNote>{notice}</StatusNote> : null}
          <FailedMailWarning count={data.failedMailCount} />
          <InboxFiltersForm key={JSON.stringify({ ...filters, cursor: null })} filters={filters} />
          {/* Another view starts with nothing selected (a key of its own: siblings' keys must differ). */}
          <InboxTable key={`list ${JSON.stringify(filters)}`} page={data} filters={filters} />
        </>
      )}
    </AdminData>
  );
}
