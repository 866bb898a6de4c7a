// The inbox's list: a table of messages newest first, a failed e-mail marked in words and colour, and the links
// to older pages.
import { Link } from "react-router";
import type { InboxPage } from "../../../contracts/admin-api";
import { formatDateTime, mailStateLabels, sourceLabels } from "../format";
import { describeFilters, type InboxFilters, inboxHref } from "../inbox-query";
import { adminPaths } from "../paths";
import { HandledBadge, linkClass, MailBadge, SpamBadge } from "./ui";

export function FailedMailWarning({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <div className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">
        ⚠ {count === 1 ? "1 message" : `${count} messages`} could not be e-mailed to the team.
      </p>
      <p className="mt-1">
        They are kept here.{" "}
        <Link to={inboxHref({ status: "all", mail: "failed" })} className={linkClass}>
          Show the messages whose e-mail failed
        </Link>
      </p>
    </div>
  );
}

export function InboxTable({ page, filters }: { page: InboxPage; filters: InboxFilters }) {
  const caption = describeFilters(filters, {
    mail: (state) => mailStateLabels[state],
    source: (source) => sourceLabels[source],
  });
  return (
    <div className="grid gap-4">
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="px-4 py-3 text-left font-semibold text-ink">
            {caption}, newest first
          </caption>
          <thead className="bg-slate-50 text-ink">
            <tr>
              <th scope="col" className="px-4 py-2">
                Received
              </th>
              <th scope="col" className="px-4 py-2">
                From
              </th>
              <th scope="col" className="px-4 py-2">
                Message
              </th>
              <th scope="col" className="px-4 py-2">
                E-mail
              </th>
            </tr>
          </thead>
          <tbody>
            {page.messages.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-muted">
                  No messages.
                </td>
              </tr>
            ) : (
              page.messages.map((message) => (
                <tr
                  key={message.id}
                  className={`border-t border-slate-200 align-top ${message.mail === "failed" ? "bg-red-50" : ""} ${message.read ? "" : "font-semibold"}`}
                >
                  <td className="whitespace-nowrap px-4 py-3 text-muted">
                    <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt)}</time>
                  </td>
                  <th scope="row" className={`px-4 py-3 ${message.read ? "font-normal" : ""}`}>
                    {message.read ? null : <span className="sr-only">Unread message: </span>}
                    <Link to={adminPaths.message(message.id)} className={linkClass}>
                      {message.name}
                    </Link>
                    <span className="block text-muted">{message.email}</span>
                    {message.businessName ? (
                      <span className="block text-muted">{message.businessName}</span>
                    ) : null}
                  </th>
                  <td className="px-4 py-3 text-ink">
                    {message.status === "spam" ? (
                      <>
                        <SpamBadge />{" "}
                      </>
                    ) : null}
                    {message.handled ? (
                      <>
                        <HandledBadge />{" "}
                      </>
                    ) : null}
                    {message.excerpt}
                  </td>
                  <td className="px-4 py-3">
                    <MailBadge state={message.mail} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {filters.cursor || page.nextCursor ? (
        <nav aria-label="Inbox pages" className="flex flex-wrap gap-4">
          {filters.cursor ? (
            <Link to={inboxHref({ ...filters, cursor: null })} className={linkClass}>
              Newest messages
            </Link>
          ) : null}
          {page.nextCursor ? (
            <Link to={inboxHref({ ...filters, cursor: page.nextCursor })} className={linkClass}>
              Older messages
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
