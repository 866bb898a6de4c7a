// Tables as Kysely sees them. Both dialects hold the same columns; where types differ the column type says so.
import type { ColumnType } from "kysely";

/** Written as an ISO-8601 UTC string; PostgreSQL (timestamptz) reads back a Date, SQLite (text) the string. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** PostgreSQL boolean; SQLite integer 0 or 1 (the SQLite driver binds booleans as 0 and 1). */
export type Flag = ColumnType<boolean | number, boolean, boolean>;
/** Milliseconds since the epoch: PostgreSQL bigint (read back as a string), SQLite integer. */
export type EpochMillis = ColumnType<number | string, number, number>;

export type ContactMessageStatus = "new" | "spam";

export type ReferrerSource = "search" | "social" | "ai" | "email" | "direct" | "other";

export interface ContactMessagesTable {
  id: string;
  created_at: Timestamp;
  name: string;
  email: string;
  phone: string | null;
  business_name: string | null;
  website: string | null;
  message: string;
  session_id: string | null;
  /** HMAC-SHA256 of the client address with the day's salt (the address itself is never stored). */
  client_hash: string;
  user_agent: string | null;
  status: ContactMessageStatus;
}

export interface ContactSubmissionGuardTable {
  /** SHA-256 of the submitted fields: the same payload within the window is stored once. */
  payload_hash: string;
  stored_at: EpochMillis;
}

export interface ReferrerVisitsTable {
  session_id: string;
  created_at: Timestamp;
  /** The referrer as sent; null when the visit was direct. */
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
  is_bot: Flag;
}

export interface AddressSaltsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  salt: string;
}

export interface Schema {
  contact_messages: ContactMessagesTable;
  contact_submission_guard: ContactSubmissionGuardTable;
  referrer_visits: ReferrerVisitsTable;
  address_salts: AddressSaltsTable;
}
