// Referrer analytics for the admin console: the visits of a window by source, referrer host, landing path,
// campaign and day (bots counted apart), and the contact messages by the source of their sender's visit.
// One set of queries for both dialects; only the day of a timestamp is spelled per dialect.
import { type Expression, type RawBuilder, sql } from "kysely";
import type { AnalyticsReport, ReferrerSource } from "../../../contracts/admin-api.ts";
import { referrerSources } from "../../../contracts/admin-api.ts";
import type { AppDatabase } from "../database.ts";

export interface AnalyticsWindow {
  /** Inclusive, ms since the epoch. */
  since: number;
  /** Exclusive, ms since the epoch. */
  until: number;
}

export type AnalyticsFigures = Omit<AnalyticsReport, "days" | "since" | "until">;

export interface ReferrerAnalyticsRepository {
  report(window: AnalyticsWindow): Promise<AnalyticsFigures>;
}

const topCount = 10;
const dayMs = 24 * 60 * 60 * 1000;

/** The UTC days from `since` to `until`, oldest first (YYYY-MM-DD). */
export function utcDays(window: AnalyticsWindow): string[] {
  const days: string[] = [];
  const first = Math.floor(window.since / dayMs) * dayMs;
  for (let at = first; at < window.until; at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

export function referrerAnalyticsRepository(database: AppDatabase): ReferrerAnalyticsRepository {
  const { db, dialect } = database;

  /** YYYY-MM-DD (UTC) of a timestamp column: SQLite stores ISO text, PostgreSQL timestamptz. */
  const utcDay = (column: Expression<unknown>): RawBuilder<string> =>
    dialect === "postgres"
      ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
      : sql<string>`substr(${column}, 1, 10)`;

  return {
    async report(window) {
      const since = new Date(window.since).toISOString();
      const until = new Date(window.until).toISOString();
      const visits = db
        .selectFrom("referrer_visits")
        .where("created_at", ">=", since)
        .where("created_at", "<", until);
      const people = visits.where("is_bot", "=", false);
      const count = (value: unknown) => Number(value);

      const [totals, bySource, byHost, byPath, byCampaign, perDay, messages] = await Promise.all([
        visits
          .select((eb) => [
            eb.fn.countAll().as("all"),
            eb.fn.sum<number>(eb.case().when("is_bot", "=", true).then(1).else(0).end()).as("bots"),
          ])
          .executeTakeFirstOrThrow(),
        people
          .select((eb) => ["source", eb.fn.countAll().as("visits")])
          .groupBy("source")
          .execute(),
        people
          .select((eb) => ["referrer_host", eb.fn.countAll().as("visits")])
          .where("referrer_host", "is not", null)
          .groupBy("referrer_host")
          .orderBy("visits", "desc")
          .orderBy("referrer_host")
          .limit(topCount)
          .execute(),
        people
          .select((eb) => ["landing_path", eb.fn.countAll().as("visits")])
          .groupBy("landing_path")
          .orderBy("visits", "desc")
          .orderBy("landing_path")
          .limit(topCount)
          .execute(),
        people
          .select((eb) => ["utm_campaign", eb.fn.countAll().as("visits")])
          .where("utm_campaign", "is not", null)
          .groupBy("utm_campaign")
          .orderBy("visits", "desc")
          .orderBy("utm_campaign")
          .limit(topCount)
          .execute(),
        people
          .select((eb) => [utcDay(eb.ref("created_at")).as("day"), eb.fn.countAll().as("visits")])
          .groupBy("day")
          .execute(),
        db
          .selectFrom("contact_messages as m")
          .leftJoin("referrer_visits as v", "v.session_id", "m.session_id")
          .select((eb) => ["v.source", eb.fn.countAll().as("messages")])
          .where("m.status", "=", "new")
          .where("m.created_at", ">=", since)
          .where("m.created_at", "<", until)
          .groupBy("v.source")
          .execute(),
      ]);

      const all = count(totals.all);
      const bots = count(totals.bots ?? 0);
      const sourceCounts = new Map(bySource.map((row) => [row.source, count(row.visits)]));
      const dayCounts = new Map(perDay.map((row) => [row.day, count(row.visits)]));
      const messageCounts = new Map(
        messages.map((row) => [row.source ?? "untracked", count(row.messages)]),
      );
      const messageKeys: (ReferrerSource | "untracked")[] = [...referrerSources, "untracked"];
      return {
        visits: all - bots,
        botVisits: bots,
        bySource: referrerSources.map((source) => ({
          source,
          visits: sourceCounts.get(source) ?? 0,
        })),
        byReferrerHost: byHost.map((row) => ({
          host: row.referrer_host ?? "",
          visits: count(row.visits),
        })),
        byLandingPath: byPath.map((row) => ({ path: row.landing_path, visits: count(row.visits) })),
        byCampaign: byCampaign.map((row) => ({
          campaign: row.utm_campaign ?? "",
          visits: count(row.visits),
        })),
        perDay: utcDays(window).map((day) => ({ day, visits: dayCounts.get(day) ?? 0 })),
        messagesBySource: messageKeys.map((source) => ({
          source,
          messages: messageCounts.get(source) ?? 0,
        })),
      };
    },
  };
}
