// Days and hours in the site's analytics time zone (ANALYTICS_TIME_ZONE, an IANA name): the calendar day and hour an
// instant falls in there, and the instant a day starts. Shared by the server (rollups, report windows) and the
// console (labels), so both cut days at the same moment.

/** Whether the runtime knows the zone (an IANA name such as "Europe/Berlin", or "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, found);
  }
  return found;
}

/** "YYYY-MM-DDTHH:mm:ss" of an instant on the zone's wall clock. */
function wallClock(at: number, timeZone: string): string {
  if (timeZone === "UTC") return new Date(at).toISOString().slice(0, 19);
  const parts: Record<string, string> = {};
  for (const part of format(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone's calendar day of an instant, YYYY-MM-DD. */
export const zonedDay = (at: number, timeZone: string): string =>
  wallClock(at, timeZone).slice(0, 10);

/** The zone's hour of an instant, "YYYY-MM-DDTHH". */
export const zonedHour = (at: number, timeZone: string): string =>
  wallClock(at, timeZone).slice(0, 13);

/** The day `days` after a calendar day (negative: before), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of a calendar day's week (the day itself on a Monday), YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  return Date.parse(`${wallClock(at, timeZone)}Z`) - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day starts in the zone (its first moment, even on a day a clock change shortens). */
export function startOfDay(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  // The offset at the guess may differ (a clock change that night): one correction settles it.
  const start = midnightUtc - offsetAt(guess, timeZone);
  return zonedDay(start, timeZone) === day ? start : guess;
}
