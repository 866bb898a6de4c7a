// The inbox page's query string (status, mail, cursor) and the admin API query it stands for. The page shows
// messages that are not spam unless asked otherwise.
import { adminApiPaths, type MailState, mailStates } from "../../contracts/admin-api";
import { adminPaths } from "./paths";

export interface InboxFilters {
  status: "new" | "spam" | "all";
  mail: MailState | "";
  cursor: string | null;
}

export function readInboxFilters(search: string): InboxFilters {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const mail = params.get("mail") ?? "";
  return {
    status: status === "spam" || status === "all" ? status : "new",
    mail: (mailStates as readonly string[]).includes(mail) ? (mail as MailState) : "",
    cursor: params.get("cursor"),
  };
}

/** The inbox page with these filters (the default, "not spam", is left out of the URL). */
export function inboxHref(filters: Partial<InboxFilters>): string {
  const params = new URLSearchParams();
  if (filters.status === "spam" || filters.status === "all") params.set("status", filters.status);
  if (filters.mail) params.set("mail", filters.mail);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const text = params.toString();
  return text ? `${adminPaths.inbox}?${text}` : adminPaths.inbox;
}

/** The admin API's URL for the page's filters ("all" is the API's default: no status filter). */
export function inboxApiUrl(filters: InboxFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.mail) params.set("mail", filters.mail);
  if (filters.cursor) params.set("cursor", filters.cursor);
  const text = params.toString();
  return text ? `${adminApiPaths.messages}?${text}` : adminApiPaths.messages;
}

/** The filters in words, for the table's caption. */
export function describeFilters(filters: InboxFilters, mailLabel: (state: MailState) => string) {
  const which = { new: "Messages (spam left out)", spam: "Spam", all: "All messages" }[
    filters.status
  ];
  return filters.mail ? `${which}, e-mail: ${mailLabel(filters.mail).toLowerCase()}` : which;
}
