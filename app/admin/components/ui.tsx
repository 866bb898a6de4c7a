// The console's small building blocks, styled like the site: headings that take focus, alerts, badges, buttons.
import type { ReactNode } from "react";
import type { MailState } from "../../../contracts/admin-api";
import { mailStateLabels } from "../format";

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-2 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-brand-700 hover:text-brand-800 disabled:cursor-not-allowed disabled:opacity-60";

export const dangerButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

export const linkClass =
  "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** The page's one h1: focusable from script, so navigation can move focus to it. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <h1 tabIndex={-1} className="text-2xl font-bold text-ink focus:outline-none sm:text-3xl">
      {children}
    </h1>
  );
}

/** An error the reader must notice: announced at once by screen readers. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
      {children}
    </div>
  );
}

/** News that is announced politely (an action's outcome). */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-brand-700 bg-brand-50 p-4 text-brand-900">
      {children}
    </p>
  );
}

const mailBadgeClasses: Record<MailState, string> = {
  pending: "border-amber-600 bg-amber-50 text-amber-900",
  sent: "border-emerald-700 bg-emerald-50 text-emerald-900",
  failed: "border-red-700 bg-red-50 text-red-900",
  none: "border-slate-300 bg-white text-muted",
};

/** The state of a message's e-mail, in words (colour only repeats them). */
export function MailBadge({ state }: { state: MailState }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${mailBadgeClasses[state]}`}
    >
      {state === "failed" ? "⚠ " : ""}
      {mailStateLabels[state]}
    </span>
  );
}

export function SpamBadge() {
  return (
    <span className="inline-block whitespace-nowrap rounded-full border border-slate-400 bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
      Spam
    </span>
  );
}

export function HandledBadge() {
  return (
    <span className="inline-block whitespace-nowrap rounded-full border border-green-700 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">
      Handled
    </span>
  );
}

export function Section({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A term and its value in a definition list; an empty value reads "—" for everyone (not a blank). */
export function Field({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === "";
  return (
    <div className="grid gap-1 border-b border-slate-200 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-ink">{term}</dt>
      <dd className="break-words text-ink sm:col-span-2">
        {empty ? <span className="text-muted">Not given</span> : children}
      </dd>
    </div>
  );
}
