// The weekly report e-mail (ADR 30): a finished week's visits, sign-up clicks and their rate, contact messages and
// pageviews, and its top sources and campaigns, each against the week before; counts only, never a message's text.
// A plain-text and an HTML body render the same tables, every value escaped; a link opens the week in the console.
import type { SendMailOptions } from "nodemailer";
import { sourceLabels } from "../../contracts/admin-api.ts";
import { brandName } from "../../contracts/brand.ts";
import { addDays, startOfDay, zonedDay } from "../../contracts/time-zone.ts";
import type {
  AnalyticsWindow,
  Breakdown,
  BreakdownCounts,
} from "../db/repositories/referrer-analytics.ts";
import { escapeHtml, shorten, singleLine } from "./contact-mail.ts";

export interface WeeklyReportSettings {
  /** MAIL_FROM: the sender (and the domain of the Message-ID). */
  from: string;
  /** MAIL_TO: the team's mailbox(es). */
  to: readonly string[];
  /** Origin of the console link (SITE_URL). */
  siteUrl: string;
  /** ANALYTICS_TIME_ZONE: the zone of the week's days (UTC when absent). */
  timeZone?: string;
}

/** What the report reads of a week's breakdown. */
export type WeekFigures = Pick<Breakdown, "visits" | "signups" | "messages" | "pageviews"> & {
  byDimension: Pick<Breakdown["byDimension"], "source" | "utm_campaign">;
};

const dayMs = 24 * 60 * 60 * 1000;
const weekMs = 7 * dayMs;
/** Rows of each top list. */
const topCount = 5;
/** A source or campaign name is cut to this many characters. */
const maxNameLength = 40;

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The week (its Monday, YYYY-MM-DD, in the analytics time zone) before the one holding `at`: the last week that is
 * over.
 */
export function lastFinishedWeek(at: number, timeZone = "UTC"): string {
  const day = Math.floor(Date.parse(`${zonedDay(at, timeZone)}T00:00:00Z`) / dayMs);
  // Day 0 of the epoch was a Thursday: (day + 3) % 7 counts the days since Monday.
  const monday = (day - ((day + 3) % 7)) * dayMs;
  return isoDay(monday - weekMs);
}

/** The week's window (Monday 00:00 to Monday 00:00 in the time zone) and the week before's. */
export function reportWindows(
  week: string,
  timeZone = "UTC",
): { week: AnalyticsWindow; before: AnalyticsWindow } {
  const since = startOfDay(week, timeZone);
  return {
    week: { since, until: startOfDay(addDays(week, 7), timeZone) },
    before: { since: startOfDay(addDays(week, -7), timeZone), until: since },
  };
}

/** The console's analytics for the week's days (a custom range includes both ends). */
export function weekAnalyticsUrl(siteUrl: string, week: string): string {
  const since = Date.parse(`${week}T00:00:00Z`);
  const params = new URLSearchParams({
    range: "custom",
    from: week,
    to: isoDay(since + weekMs - dayMs),
  });
  return `${siteUrl}/admin/analytics?${params}`;
}

const numbers = new Intl.NumberFormat("en-US");

/** "+12%", "-5%", "0%"; "new" when the week before had none. */
export function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "0%" : "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent === 0 ? 0 : percent}%`;
}

/** Sign-up clicks per visit, in percent; null without visits. */
const rate = (figures: WeekFigures) =>
  figures.visits === 0 ? null : (figures.signups / figures.visits) * 100;

const formatRate = (value: number | null) => (value === null ? "–" : `${value.toFixed(1)}%`);

/** The change of a rate in percentage points ("+0.6 pts"). */
function rateChange(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return "–";
  const points = Math.round((current - previous) * 10) / 10;
  return `${points > 0 ? "+" : ""}${points === 0 ? "0.0" : points.toFixed(1)} pts`;
}

/** A count this week, the week before, and the change. */
function compared(current: number, previous: number): string[] {
  return [numbers.format(current), numbers.format(previous), change(current, previous)];
}

interface Table {
  title: string;
  header: string[];
  rows: string[][];
  /** Shown instead of a table without rows. */
  empty?: string;
}

/**
 * The five values with the most visits this week (values without visits, and "" for none, left out), with their
 * visits and sign-up clicks against the week before's.
 */
function topRows(
  current: readonly BreakdownCounts[],
  previous: readonly BreakdownCounts[],
  name: (value: string) => string,
): string[][] {
  const before = new Map(previous.map((row) => [row.value, row]));
  return current
    .filter((row) => row.value !== "" && row.visits > 0)
    .slice(0, topCount)
    .map((row) => {
      const earlier = before.get(row.value);
      return [
        name(row.value),
        ...compared(row.visits, earlier?.visits ?? 0),
        ...compared(row.signups, earlier?.signups ?? 0),
      ];
    });
}

/** A visitor's text (a campaign name) as one short line. */
const shortName = (value: string) => shorten(singleLine(value), maxNameLength);

function reportTables(current: WeekFigures, previous: WeekFigures): Table[] {
  const topHeader = ["Visits", "Before", "Change", "Sign-up clicks", "Before", "Change"];
  const sourceName = (value: string) =>
    value in sourceLabels ? sourceLabels[value as keyof typeof sourceLabels] : shortName(value);
  return [
    {
      title: "The week",
      header: ["", "This week", "Week before", "Change"],
      rows: [
        ["Visits", ...compared(current.visits, previous.visits)],
        ["Sign-up clicks", ...compared(current.signups, previous.signups)],
        [
          "Sign-up clicks per visit",
          formatRate(rate(current)),
          formatRate(rate(previous)),
          rateChange(rate(current), rate(previous)),
        ],
        ["Contact messages", ...compared(current.messages, previous.messages)],
        ["Pageviews", ...compared(current.pageviews, previous.pageviews)],
      ],
    },
    {
      title: `Top ${topCount} sources by visits`,
      header: ["Source", ...topHeader],
      rows: topRows(current.byDimension.source, previous.byDimension.source, sourceName),
      empty: "No visits this week.",
    },
    {
      title: `Top ${topCount} campaigns by visits`,
      header: ["Campaign", ...topHeader],
      rows: topRows(current.byDimension.utm_campaign, previous.byDimension.utm_campaign, shortName),
      empty: "No visits with a campaign (utm_campaign) this week.",
    },
  ];
}

/** Columns padded to their widest cell: the first aligned left, the figures right. */
function textTable(table: Table): string[] {
  if (table.rows.length === 0) return [table.title, table.empty ?? ""];
  const lines = [table.header, ...table.rows];
  const widths = table.header.map((_, column) =>
    Math.max(...lines.map((cells) => (cells[column] ?? "").length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [table.title, ...lines.map(format)];
}

function htmlTable(table: Table): string {
  const title = `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(table.title)}</h2>`;
  if (table.rows.length === 0) return `${title}\n<p>${escapeHtml(table.empty ?? "")}</p>`;
  const figure = "padding:4px 0 4px 16px;text-align:right;white-space:nowrap";
  const name = "padding:4px 12px 4px 0;text-align:left";
  // Each row's first cell names it (a header cell), the others are its figures.
  const row = (cells: string[], header: boolean) =>
    `<tr>${cells
      .map((text, column) => {
        const tag = header || column === 0 ? "th" : "td";
        return `<${tag} style="${column === 0 ? name : figure}">${escapeHtml(text)}</${tag}>`;
      })
      .join("")}</tr>`;
  return [
    title,
    '<table style="border-collapse:collapse">',
    `<thead style="color:#555">${row(table.header, true)}</thead>`,
    `<tbody>${table.rows.map((cells) => row(cells, false)).join("\n")}</tbody>`,
    "</table>",
  ].join("\n");
}

/** The stable Message-ID of a week's report: a second delivery of it carries the same one. */
export function weeklyReportMessageId(week: string, from: string): string {
  return `<weekly-report.${week}@${from.slice(from.lastIndexOf("@") + 1)}>`;
}

/** The nodemailer message of the week starting on `week`, against the week before, sent at `sentAt`. */
export function composeWeeklyReportMail(
  week: string,
  figures: { week: WeekFigures; before: WeekFigures },
  settings: WeeklyReportSettings,
  sentAt: number,
): SendMailOptions {
  const tables = reportTables(figures.week, figures.before);
  const lastDay = isoDay(Date.parse(`${week}T00:00:00Z`) + weekMs - dayMs);
  const period = `Monday ${week} to Sunday ${lastDay} (${settings.timeZone ?? "UTC"}), each figure against the week before.`;
  const note =
    "Contact messages leave spam out. Sign-up clicks are clicks on the site's sign-up links.";
  const consoleUrl = weekAnalyticsUrl(settings.siteUrl, week);
  const heading = `${brandName} weekly report`;
  const text = [
    heading,
    period,
    "",
    ...tables.flatMap((table) => [...textTable(table), ""]),
    note,
    "",
    "--",
    `The week in the admin console: ${consoleUrl}`,
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#111">',
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
    `<p>${escapeHtml(period)}</p>`,
    ...tables.map(htmlTable),
    `<p style="margin-top:20px;color:#555">${escapeHtml(note)}</p>`,
    `<p><a href="${escapeHtml(consoleUrl)}">The week in the admin console</a></p>`,
    "</body></html>",
    "",
  ].join("\n");
  const visits = figures.week.visits;
  return {
    from: { name: `${brandName} website`, address: settings.from },
    to: [...settings.to],
    // The envelope is ours alone, as for the contact e-mails.
    envelope: { from: settings.from, to: [...settings.to] },
    subject: `${heading}, week of ${week}: ${numbers.format(visits)} visit${visits === 1 ? "" : "s"} (${change(visits, figures.before.visits)})`,
    messageId: weeklyReportMessageId(week, settings.from),
    date: new Date(sentAt),
    // Sent by a program: no out-of-office replies (RFC 3834).
    headers: { "Auto-Submitted": "auto-generated" },
    text,
    html,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
