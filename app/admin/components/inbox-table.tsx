// The inbox's list, newest first: a table from the md breakpoint, cards on a phone (the same messages, one of the
// two shown by CSS), each with its sender, first line, source or campaign, time and state, a failed e-mail marked
// in words and colour, a checkbox for the actions on several messages, and the links to older pages.
import { useId } from "react";
import { Link } from "react-router";
import type { InboxMessage, InboxPage } from "../../../contracts/admin-api";
import { formatDateTime, mailStateLabels, sourceLabels } from "../format";
import { describeFilters, type InboxFilters, inboxHref } from "../inbox-query";
import { adminPaths } from "../paths";
import { BulkActions, type Selection, useSelection } from "./inbox-selection";
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

/** Where the sender came from, in the analytics page's words: the visit's channel, and its campaign when it had one. */
function origin(message: InboxMessage): string {
  const channel = sourceLabels[message.source ?? "untracked"];
  return message.campaign ? `${channel} · ${message.campaign}` : channel;
}

const checkboxClass = "size-5 accent-brand-700";

function SelectBox({ message, selection }: { message: InboxMessage; selection: Selection }) {
  return (
    <input
      type="checkbox"
      className={checkboxClass}
      aria-label={`Select the message from ${message.name}`}
      checked={selection.has(message.id)}
      onChange={(event) => selection.set(message.id, event.currentTarget.checked)}
    />
  );
}

function Badges({ message }: { message: InboxMessage }) {
  return (
    <>
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
    </>
  );
}

const columns = ["Received", "From", "Message", "Channel", "E-mail"];

interface ListProps {
  page: InboxPage;
  /** What the list shows (the filters in words), newest first. */
  caption: string;
  selection: Selection;
}

function MessageTable({ page, caption, selection }: ListProps) {
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-ink">{caption}</caption>
        <thead className="bg-slate-50 text-ink">
          <tr>
            <th scope="col" className="py-2 pl-4">
              <span className="sr-only">Select</span>
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.messages.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-6 text-center text-muted">
                No messages.
              </td>
            </tr>
          ) : (
            page.messages.map((message) => (
              <tr
                key={message.id}
                className={`border-t border-slate-200 align-top ${message.mail === "failed" ? "bg-red-50" : ""} ${message.read ? "" : "font-semibold"}`}
              >
                <td className="py-3 pl-4">
                  <SelectBox message={message} selection={selection} />
                </td>
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
                  <Badges message={message} />
                  {message.excerpt}
                </td>
                <td className="px-4 py-3 text-ink">{origin(message)}</td>
                <td className="px-4 py-3">
                  <MailBadge state={message.mail} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function MessageCards({ page, caption, selection }: ListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 md:hidden">
      <h2 id={headingId} className="font-semibold text-ink">
        {caption}
      </h2>
      {page.messages.length === 0 ? (
        <p className="text-muted">No messages.</p>
      ) : (
        <ul className="grid gap-3">
          {page.messages.map((message) => (
            <li
              key={message.id}
              className={`flex gap-3 rounded-lg border p-4 text-sm ${message.mail === "failed" ? "border-red-700 bg-red-50" : "border-slate-200 bg-white"}`}
            >
              <div className="pt-0.5">
                <SelectBox message={message} selection={selection} />
              </div>
              <div className={`grid min-w-0 flex-1 gap-1 ${message.read ? "" : "font-semibold"}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="min-w-0 break-words">
                    {message.read ? null : <span className="sr-only">Unread message: </span>}
                    <Link to={adminPaths.message(message.id)} className={linkClass}>
                      {message.name}
                    </Link>
                  </p>
                  <time dateTime={message.receivedAt} className="text-muted">
                    {formatDateTime(message.receivedAt)}
                  </time>
                </div>
                <p className="line-clamp-2 break-words text-ink">{message.excerpt}</p>
                <p className="break-words text-muted">{origin(message)}</p>
                <p className="flex flex-wrap gap-1">
                  {message.read ? null : (
                    <span className="inline-block rounded-full border border-brand-700 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
                      Unread
                    </span>
                  )}
                  <Badges message={message} />
                  <MailBadge state={message.mail} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function InboxTable({ page, filters }: { page: InboxPage; filters: InboxFilters }) {
  const caption = `${describeFilters(filters, {
    mail: (state) => mailStateLabels[state],
    source: (source) => sourceLabels[source],
  })}, newest first`;
  const selection = useSelection(page.messages);
  return (
    <div className="grid gap-4">
      <BulkActions messages={page.messages} selection={selection} />
      <MessageTable page={page} caption={caption} selection={selection} />
      <MessageCards page={page} caption={caption} selection={selection} />
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
