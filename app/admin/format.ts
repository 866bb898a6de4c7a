// How the console words and formats what the API returns.
import type { MailState } from "../../contracts/admin-api";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const day = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** A moment in the reader's time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A UTC day (YYYY-MM-DD) as "Mon, Nov 3". */
export function formatDay(isoDay: string): string {
  return day.format(new Date(`${isoDay}T00:00:00Z`));
}

/** A point of the analytics series: its UTC day ("Mon, Nov 3"), or its UTC hour ("14:00") for an hourly one. */
export function formatPoint(start: string, grain: "day" | "hour"): string {
  return grain === "hour" ? `${start.slice(11, 16)}` : formatDay(start.slice(0, 10));
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
