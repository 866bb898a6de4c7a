// The inbox's search and filters (status, state, e-mail, source, landing page) as the page's query string, and the
// CSV of the view. On a phone the form opens from a button, so the messages, not the filters, fill the first screen.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { referrerSources } from "../../../contracts/admin-api";
import { mailStateLabels, sourceLabels } from "../format";
import { type InboxFilters, inboxCsvUrl, inboxHref } from "../inbox-query";
import { adminPaths } from "../paths";
import { linkClass, secondaryButtonClass } from "./ui";

const fieldClass =
  "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-ink";
const labelClass = "text-sm font-semibold text-ink";

export function InboxFiltersForm({ filters }: { filters: InboxFilters }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    void navigate(
      inboxHref({
        status: text("status") as InboxFilters["status"],
        state: text("state") as InboxFilters["state"],
        mail: text("mail") as InboxFilters["mail"],
        source: text("source") as InboxFilters["source"],
        landing: text("landing"),
        q: text("q"),
      }),
    );
  }

  return (
    <div className="grid gap-3">
      <button
        type="button"
        className={`${secondaryButtonClass} justify-self-start md:hidden`}
        aria-expanded={open}
        aria-controls="inbox-filters"
        onClick={() => setOpen((current) => !current)}
      >
        Search and filters
      </button>
      <form
        id="inbox-filters"
        method="get"
        action={adminPaths.inbox}
        onSubmit={apply}
        aria-label="Search and filter messages"
        className={`${open ? "flex" : "hidden"} flex-wrap items-end gap-4 md:flex`}
      >
        <div>
          <label htmlFor="inbox-q" className={labelClass}>
            Search
          </label>
          <input
            id="inbox-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={200}
            placeholder="Name, e-mail, business or words"
            className={`${fieldClass} w-72 max-w-full`}
          />
        </div>
        <div>
          <label htmlFor="inbox-status" className={labelClass}>
            Spam
          </label>
          <select
            id="inbox-status"
            name="status"
            defaultValue={filters.status}
            className={fieldClass}
          >
            <option value="new">Not spam</option>
            <option value="spam">Spam</option>
            <option value="all">All</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-state" className={labelClass}>
            State
          </label>
          <select id="inbox-state" name="state" defaultValue={filters.state} className={fieldClass}>
            <option value="">Any</option>
            <option value="unread">Unread</option>
            <option value="read">Read, not handled</option>
            <option value="handled">Handled</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-mail" className={labelClass}>
            E-mail state
          </label>
          <select id="inbox-mail" name="mail" defaultValue={filters.mail} className={fieldClass}>
            <option value="">Any</option>
            <option value="failed">{mailStateLabels.failed}</option>
            <option value="pending">{mailStateLabels.pending}</option>
            <option value="sent">{mailStateLabels.sent}</option>
            <option value="none">{mailStateLabels.none}</option>
          </select>
        </div>
        <div>
          <label htmlFor="inbox-source" className={labelClass}>
            Source
          </label>
          <select
            id="inbox-source"
            name="source"
            defaultValue={filters.source}
            className={fieldClass}
          >
            <option value="">Any</option>
            {referrerSources.map((source) => (
              <option key={source} value={source}>
                {sourceLabels[source]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="inbox-landing" className={labelClass}>
            Landing page
          </label>
          <input
            id="inbox-landing"
            name="landing"
            type="text"
            defaultValue={filters.landing}
            maxLength={200}
            pattern="/.*"
            title="A path starting with /, such as /pricing"
            placeholder="/pricing"
            className={`${fieldClass} w-40`}
          />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </form>
      <p>
        <a href={inboxCsvUrl(filters)} download className={linkClass}>
          Download these messages as CSV
        </a>
      </p>
    </div>
  );
}
