// The inbox's filters: by status (spam or not) and by the state of the e-mail, as the page's query string.
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { mailStateLabels } from "../format";
import { type InboxFilters, inboxHref } from "../inbox-query";
import { adminPaths } from "../paths";
import { secondaryButtonClass } from "./ui";

const selectClass =
  "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-ink";

export function InboxFiltersForm({ filters }: { filters: InboxFilters }) {
  const navigate = useNavigate();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(
      inboxHref({
        status: String(form.get("status") ?? "new") as InboxFilters["status"],
        mail: String(form.get("mail") ?? "") as InboxFilters["mail"],
      }),
    );
  }

  return (
    <form
      method="get"
      action={adminPaths.inbox}
      onSubmit={apply}
      aria-label="Filter messages"
      className="flex flex-wrap items-end gap-4"
    >
      <div>
        <label htmlFor="inbox-status" className="text-sm font-semibold text-ink">
          Status
        </label>
        <select
          id="inbox-status"
          name="status"
          defaultValue={filters.status}
          className={selectClass}
        >
          <option value="new">Not spam</option>
          <option value="spam">Spam</option>
          <option value="all">All</option>
        </select>
      </div>
      <div>
        <label htmlFor="inbox-mail" className="text-sm font-semibold text-ink">
          E-mail state
        </label>
        <select id="inbox-mail" name="mail" defaultValue={filters.mail} className={selectClass}>
          <option value="">Any</option>
          <option value="failed">{mailStateLabels.failed}</option>
          <option value="pending">{mailStateLabels.pending}</option>
          <option value="sent">{mailStateLabels.sent}</option>
          <option value="none">{mailStateLabels.none}</option>
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass}>
        Show
      </button>
    </form>
  );
}
