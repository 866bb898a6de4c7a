// How the console words and formats what the API returns.
import type { AnalyticsBreakdown, MailState } from "../../contracts/admin-api";
import { addDays, zonedDay, zonedHour } from "../../contracts/time-zone";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const dayOptions: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
};
const day = new Intl.DateTimeFormat("en-US", dayOptions);
const dayWithYear = new Intl.DateTimeFormat("en-US", { ...dayOptions, year: "numeric" });
// A week or month point always shows its year: a long range holds the same month twice.
const weekOf = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const monthOf = new Intl.DateTimeFormat("en-US", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A moment in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as "Mon, Nov 3", or "Mon, Nov 3, 2025" with its year. */
export function formatDay(isoDay: string, withYear = false): string {
  return (withYear ? dayWithYear : day).format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * A range's first and last days (YYYY-MM-DD) as "Mon, Nov 3 to Sun, Nov 9", one day alone; with their years when
 * the range spans two calendar years or is not in `thisYear`, so that a range of 12 months reads unambiguously.
 */
export function formatDays(first: string, last: string, thisYear: string): string {
  const withYear = first.slice(0, 4) !== last.slice(0, 4) || first.slice(0, 4) !== thisYear;
  return first === last
    ? formatDay(first, withYear)
    : `${formatDay(first, withYear)} to ${formatDay(last, withYear)}`;
}

/**
 * A point of the analytics series in the report's time zone: its day ("Mon, Nov 3"), its hour ("14:00") for an
 * hourly one, its week ("Week of Nov 3, 2025", from its Monday) or its month ("Nov 2025").
 */
export function formatPoint(
  start: string,
  grain: AnalyticsBreakdown["grain"],
  timeZone: string,
): string {
  const at = Date.parse(start);
  if (grain === "hour") return `${zonedHour(at, timeZone).slice(11, 13)}:00`;
  const first = new Date(`${zonedDay(at, timeZone)}T00:00:00Z`);
  if (grain === "week") return `Week of ${weekOf.format(first)}`;
  if (grain === "month") return monthOf.format(first);
  return formatDay(zonedDay(at, timeZone));
}

/** The first and last day of a report (YYYY-MM-DD) in its time zone. */
export function reportDays(report: { since: string; until: string; timeZone: string }): {
  first: string;
  last: string;
} {
  return {
    first: zonedDay(Date.parse(report.since), report.timeZone),
    last: addDays(zonedDay(Date.parse(report.until), report.timeZone), -1),
  };
}

export const mailStateLabels: Record<MailState, string> = {
  pending: "Queued",
  sent: "E-mailed",
  failed: "E-mail failed",
  none: "Not e-mailed",
};

// Shared with the server's weekly report e-mail.
export { sourceLabels } from "../../contracts/admin-api";

export const errorKindLabels = {
  connection: "the mail server could not be reached or refused the login",
  transient: "the mail server refused it for now (4xx)",
  permanent: "the mail server refused it (5xx)",
} as const;

/** Only http(s) addresses become links (a stored value is never trusted to be one). */
export function isWebAddress(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * Invisible format characters (Unicode's Cf: bidirectional controls such as U+202E, zero-width spaces, soft hyphens)
 * shown as their code point, for example ⟨U+202E⟩: stored text cannot reorder or hide what the team reads (a sender's
 * name spoofing another). The zero-width joiner stays, as emoji are built with it.
 */
export function showInvisible(text: string): string {
  return text.replace(/(?!\u200d)\p{Cf}/gu, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return `⟨U+${code.toString(16).toUpperCase().padStart(4, "0")}⟩`;
  });
}
