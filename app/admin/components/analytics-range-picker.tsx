// The analytics' period: a link per preset range, and a form for custom days that shows the range's first and last
// day and, when the API refused the days asked for, why.
import type { FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { AnalyticsRange } from "../../../contracts/admin-api";
import { type AnalyticsView, analyticsHref } from "../analytics-query";
import { secondaryButtonClass } from "./ui";

const rangeLabels: Record<Exclude<AnalyticsRange, "custom">, string> = {
  today: "Today",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
};

/** A period or grouping link: filled when it is the one shown. */
export const rangeLinkClass = (current: boolean) =>
  `rounded-md border px-3 py-2 text-sm font-semibold ${
    current
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-slate-300 bg-white text-ink hover:border-brand-700 hover:text-brand-800"
  }`;

const rangeErrorId = "analytics-range-error";

const dateInputClass =
  "mt-1 block min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-ink";

/**
 * The period links and the custom days' form, which shows the first and last day of the range on screen, and why
 * the API refused the days asked for (the inputs name the message as their description).
 */
export function RangePicker({
  view,
  first,
  last,
  error,
}: {
  view: AnalyticsView;
  first: string;
  last: string;
  error?: string;
}) {
  const invalid = error
    ? ({ "aria-invalid": true, "aria-describedby": rangeErrorId } as const)
    : undefined;
  const navigate = useNavigate();
  function custom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void navigate(
      analyticsHref({
        ...view,
        range: "custom",
        from: String(form.get("from") ?? ""),
        to: String(form.get("to") ?? ""),
      }),
    );
  }
  return (
    <div className="grid gap-3">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {(Object.keys(rangeLabels) as (keyof typeof rangeLabels)[]).map((range) => (
          <Link
            key={range}
            to={analyticsHref({ ...view, range, from: "", to: "" })}
            aria-current={range === view.range ? "page" : undefined}
            className={rangeLinkClass(range === view.range)}
          >
            {rangeLabels[range]}
          </Link>
        ))}
      </nav>
      <form onSubmit={custom} aria-label="Custom period" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="analytics-from" className="text-sm font-semibold text-ink">
            From
          </label>
          {/* Keyed by its day: React keeps what an uncontrolled input holds, and the input must show the new range. */}
          <input
            key={first}
            id="analytics-from"
            name="from"
            type="date"
            required
            defaultValue={first}
            {...invalid}
            className={dateInputClass}
          />
        </div>
        <div>
          <label htmlFor="analytics-to" className="text-sm font-semibold text-ink">
            To
          </label>
          <input
            key={last}
            id="analytics-to"
            name="to"
            type="date"
            required
            defaultValue={last}
            {...invalid}
            className={dateInputClass}
          />
        </div>
        <button type="submit" className={secondaryButtonClass}>
          Show these days
        </button>
        {error && (
          <p
            id={rangeErrorId}
            role="alert"
            className="basis-full rounded-lg border border-red-700 bg-red-50 p-3 text-red-900"
          >
            These days cannot be shown: {error.replace(/\.$/, "")}.
          </p>
        )}
      </form>
    </div>
  );
}
