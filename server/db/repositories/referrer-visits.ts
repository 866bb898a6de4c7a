// Referrer visits: one row per session, the first one wins; committed (group commit) before the caller hears back.
import type { AppDatabase } from "../database.ts";
import type { ReferrerSource } from "../schema.ts";

export interface NewReferrerVisit {
  session_id: string;
  referrer_url: string | null;
  referrer_host: string | null;
  source: ReferrerSource;
  landing_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  user_agent: string;
  is_bot: boolean;
}

export interface ReferrerVisitsRepository {
  /** Stores the visit unless its session is already stored; `recorded` says which happened. */
  record(visit: NewReferrerVisit): Promise<{ recorded: boolean }>;
}

export function referrerVisitsRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): ReferrerVisitsRepository {
  return {
    record(visit) {
      return database.writes.run("recordVisit", {
        ...visit,
        created_at: new Date(now()).toISOString(),
      });
    },
  };
}
