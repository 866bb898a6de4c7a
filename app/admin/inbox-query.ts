// The inbox page's query string (status, mail, state, search, source, landing page, cursor) and the admin API query
// it stands for. The page shows messages that are not spam unless asked otherwise.
import {
  adminApiPaths,
  type InboxState,
  inboxStates,
  type MailState,
  mailStates,
  type ReferrerSource,
  referrerSources,
} from "../../contracts/admin-api";
import { adminPaths } from "./paths";

export interface InboxFilters {
  status: "new" | "spam" | "all";
  mail: MailState | "";
  state: InboxState | "";
  /** Words searched for in the name, e-mail, business and message. */
  q: string;
  source: ReferrerSource | "";
  /** A landing page path, or "". */
  landing: string;
  cursor: string | null;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | "" =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : "";

export function readInboxFilters(search: string): InboxFilters {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const landing = params.get("landing") ?? "";
  return {
    status: status === "spam" || status === "all" ? status : "new",
    mail: oneOf(mailStates, params.get("mail")),
    state: oneOf(inboxStates, params.get("state")),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    source: oneOf(referrerSources, params.get("source")),
    landing: landing.startsWith("/") ? landing.slice(0, 200) : "",
    cursor: params.get("cursor"),
  };
}

/** The filters every view shares, in a fixed order (the default status, "not spam", left out). */
function filterParams(filters: Partial<InboxFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status === "spam" || filters.status === "all") params.set("status", filters.status);
  if (filters.mail) params.set("mail", filters.mail);
  if (filters.state) params.set("state", filters.state);
  if (filters.q) params.set("q", filters.q);
  if (filters.source) params.set("source", filters.source);
  if (filters.landing) params.set("landing", filters.landing);
  return params;
}

const withQuery = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** The inbox page with these filters. */
export function inboxHref(filters: Partial<InboxFilters>): string {
  const params = filterParams(filters);
  if (filters.cursor) params.set("cursor", filters.cursor);
  return withQuery(adminPaths.inbox, params);
}

/** The API's status filter: "all" is its default (no filter), the page's default is "new". */
function apiParams(filters: InboxFilters): URLSearchParams {
  const params = filterParams({ ...filters, status: undefined });
  if (filters.status !== "all") params.set("status", filters.status);
  return params;
}

/** The admin API's URL for the page's filters. */
export function inboxApiUrl(filters: InboxFilters): string {
  const params = apiParams(filters);
  if (filters.cursor) params.set("cursor", filters.cursor);
  return withQuery(adminApiPaths.messages, params);
}

/** The CSV of every message of the view (all pages). */
export function inboxCsvUrl(filters: InboxFilters): string {
  return withQuery(adminApiPaths.messagesCsv, apiParams(filters));
}

const stateWords: Record<InboxState, string> = {
  unread: "unread",
  read: "read, not handled",
  handled: "handled",
};

/** The filters in words, for the table's caption. */
export function describeFilters(
  filters: InboxFilters,
  labels: { mail: (state: MailState) => string; source: (source: ReferrerSource) => string },
) {
  const which = { new: "Messages (spam left out)", spam: "Spam", all: "All messages" }[
    filters.status
  ];
  const parts = [which];
  if (filters.state) parts.push(stateWords[filters.state]);
  if (filters.mail) parts.push(`e-mail: ${labels.mail(filters.mail).toLowerCase()}`);
  if (filters.source) parts.push(`source: ${labels.source(filters.source).toLowerCase()}`);
  if (filters.landing) parts.push(`landing page ${filters.landing}`);
  if (filters.q) parts.push(`matching “${filters.q}”`);
  return parts.join(", ");
}
