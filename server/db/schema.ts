// Tables as Kysely sees them. Both dialects hold the same columns; where types differ the column type says so.
import type { ColumnType } from "kysely";
import type { TeamRole } from "../../contracts/team.ts";
import type { EventName } from "../../contracts/track-event.ts";
import type { DeviceClass } from "../audience/device.ts";

export type { DeviceClass };

/** Written as an ISO-8601 UTC string; PostgreSQL (timestamptz) reads back a Date, SQLite (text) the string. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** PostgreSQL boolean; SQLite integer 0 or 1 (the SQLite driver binds booleans as 0 and 1). */
export type Flag = ColumnType<boolean | number, boolean, boolean>;
/** Milliseconds since the epoch: PostgreSQL bigint (read back as a string), SQLite integer. */
export type EpochMillis = ColumnType<number | string, number, number>;

export type ContactMessageStatus = "new" | "spam";

export type { ReferrerSource, RollupSource } from "../../contracts/admin-api.ts";

import type { ReferrerSource, RollupSource } from "../../contracts/admin-api.ts";

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
  /** When the team first opened it; null while unread. */
  read_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the team marked it handled; null while it is still to do. */
  handled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Name, e-mail, business and message folded for the inbox search (server/db/search-text.ts), one a line. */
  search_text: string;
  /** The spam score when it arrived (server/leads/spam-score.ts); at or above the threshold it was stored as spam. */
  spam_score: ColumnType<number, number | undefined, number>;
  /** JSON of the score's reasons (`SpamReason[]`). */
  spam_reasons: ColumnType<string, string | undefined, string>;
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
  /** Derived when the visit arrives (server/audience/); null for visits stored before. */
  device: DeviceClass | null;
  browser: string | null;
  os: string | null;
  /** ISO 3166-1 alpha-2 of the client address when the visit arrived; "" unknown (the address is not kept). */
  country: string | null;
}

export interface AddressSaltsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  salt: string;
}

export type MailOutboxStatus = "pending" | "sent" | "failed";

/**
 * What the last failed attempt says about the cause: "connection" when no SMTP reply was received (the server
 * was unreachable, timed out, refused the credentials or TLS), "transient" for a 4xx reply, "permanent" for a
 * 5xx reply to this message.
 */
export type MailErrorKind = "connection" | "transient" | "permanent";

/** What a row of the outbox sends: each kind has its handler (server/outbox/handlers.ts). */
export type OutboxKind =
  | "contact-mail"
  | "team-mail"
  | "weekly-report"
  | "webhook"
  | "slack"
  | "ack";

/** A pending, sent or failed piece of work, or one cancelled before it was done (its message became spam). */
export type OutboxStatus = MailOutboxStatus | "cancelled";

/** All outgoing work (ADR 47): one row per mail, webhook, Slack message or report to send. */
export interface OutboxTable {
  /** The Message-ID or webhook-id of every attempt: a receiver drops a repeat by it. */
  id: string;
  kind: OutboxKind;
  /** At most one row per piece of work ("contact-mail:<message id>", "weekly-report:<week>"...). */
  key: string;
  /** What the work is about: the contact message, or the team link; null for a weekly report. */
  subject_id: string | null;
  /** The kind's data as JSON; erased once a team link's mail is sent or given up. */
  payload: string | null;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  /** When the row was written: the four days before giving up count from here. */
  created_at: Timestamp;
  /** Attempts started so far (counted when a worker claims the row). */
  attempts: ColumnType<number, number | undefined, number>;
  /** Pending: not to be claimed before this time; while claimed, the end of the worker's lease. */
  next_attempt_at: EpochMillis;
  /** The instance holding the lease, or null. */
  lease_owner: string | null;
  last_attempt_at: Timestamp | null;
  last_error: string | null;
  last_error_kind: MailErrorKind | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
}

export interface AdminUsersTable {
  id: string;
  /** Lower case. */
  email: string;
  /** scrypt$N$r$p$salt$key (server/admin/passwords.ts); never the password. */
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  role: ColumnType<TeamRole, TeamRole | undefined, TeamRole>;
  /** How the console names the person in the team list and the audit record; null: the address. */
  name: string | null;
  /** Hash of the ADMIN_PASSWORD last applied to this account (the first owner's); null for everyone else. */
  setup_hash: string | null;
  /** Base32 TOTP secret once two-step sign-in is on; null when it is off. Never logged. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret being set up, until a code from it confirms it. */
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step used: a code of it or an earlier one is refused (a code works once). */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface AdminRecoveryCodesTable {
  /** SHA-256 (base64url) of the code: the code itself is shown once and never stored. */
  code_hash: string;
  user_id: string;
}

export interface AdminSettingsTable {
  key: "two_step_required";
  value: string;
}

/** A one-time link: an invitation to join or a password reset. */
export interface AdminLinksTable {
  /** SHA-256 (base64url) of the link's token: the token itself is never stored here. */
  token_hash: string;
  id: string;
  purpose: "invitation" | "reset";
  /** Lower case. */
  email: string;
  role: TeamRole;
  created_by: string | null;
  created_at: EpochMillis;
  expires_at: EpochMillis;
}

export interface AdminAuditTable {
  id: string;
  at: EpochMillis;
  actor_id: string | null;
  actor_name: string;
  action: string;
  message_id: string | null;
  subject: string | null;
}

export interface AdminSessionsTable {
  /** SHA-256 (base64url) of the session cookie's token: the token itself is never stored. */
  token_hash: string;
  user_id: string;
  /** Sign-in time: the session ends a fixed time after it, whatever its use. */
  created_at: EpochMillis;
  /** Last request seen (updated at most once a minute): the session ends after a long enough pause. */
  last_seen_at: EpochMillis;
}

export interface FormFlashesTable {
  /** SHA-256 (base64url) of the token in the redirect's URL: the token itself is never stored. */
  token_hash: string;
  /** The post as JSON (server/site/form-flash.ts). */
  content: string;
  /** When it is no longer given back, and may be deleted. */
  expires_at: EpochMillis;
}

export interface RateLimitCountersTable {
  /** The limit's name and the client's address (an IPv6 client's /64), as rate-limits.ts keys it. */
  key: string;
  /** Requests counted in the window. */
  hits: number;
  /** When the window ends: the next request starts a new one, and the row may be deleted. */
  window_ends_at: EpochMillis;
}

/** Counts of a rollup row; PostgreSQL reads sums back as strings. */
interface RollupCounts {
  /** Visits by people. */
  visits: ColumnType<number, number, number>;
  bot_visits: ColumnType<number, number, number>;
  /** Contact messages (spam left out) whose sender's visit had the row's keys. */
  messages: ColumnType<number, number, number>;
  /** Pageviews, sign-up clicks and all outbound clicks (sign-ups included) of visits with the row's keys. */
  pageviews: ColumnType<number, number | undefined, number>;
  signups: ColumnType<number, number | undefined, number>;
  clicks: ColumnType<number, number | undefined, number>;
  /**
   * Visits by people that sent a message (not spam) and that clicked sign-up: each visit once, counted on its own day
   * and keys, so a rate's numerator is a part of its visits (migration 0021).
   */
  converted: ColumnType<number, number | undefined, number>;
  signed_up: ColumnType<number, number | undefined, number>;
}

/** Daily counts by every key; "" is "none", source "untracked" is a message without a tracked visit. */
export interface VisitRollupsTable extends RollupCounts {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  source: RollupSource;
  referrer_host: string;
  landing_path: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

/** The same counts by UTC hour ("YYYY-MM-DDTHH"), kept for today and yesterday: the console's "today" chart. */
export interface VisitRollupsByHourTable extends Omit<VisitRollupsTable, "day"> {
  hour: string;
}

/** "total" rows have the value "": the counts of a day and source class. */
export type RollupDimension =
  | "total"
  | "host"
  | "path"
  | "campaign"
  | "utm_source"
  | "utm_medium"
  | "device"
  | "browser"
  | "os"
  | "country"
  /** The page a pageview was of (its path without the query): top pages. */
  | "page"
  /** The event name of an outbound click: the goals. */
  | "goal"
  /** A funnel step (`FunnelStep`): the visits that first reached it that day, in `visits`. */
  | "funnel";

/** The funnel's steps after landing: saw /pricing or a feature page; clicked sign-up; sent a message (not spam). */
export type FunnelStep = "considered" | "signed_up" | "messaged";

/** A step of the funnel a visit has reached, stored once: the worker counts the visit once per step. */
export interface VisitStepsTable {
  session_id: string;
  step: FunnelStep;
  created_at: Timestamp;
}

/** The same counts by one key at a time (with the source class): what most reports read. */
export interface VisitRollupsByKeyTable extends RollupCounts {
  dimension: RollupDimension;
  day: string;
  source: RollupSource;
  value: string;
}

/** The narrow rollups summed by week: `week` is its Monday (YYYY-MM-DD), in the time zone of the days. */
export interface VisitRollupsByKeyWeekTable extends RollupCounts {
  dimension: RollupDimension;
  week: string;
  source: RollupSource;
  value: string;
}

/** A pageview or an outbound click (contracts/track-event.ts), appended once per event id. */
export interface SiteEventsTable {
  event_id: string;
  session_id: string;
  name: EventName;
  path: string;
  created_at: Timestamp;
  is_bot: Flag;
}

/** A visit or an event stored but not yet counted in the rollups (the rollup worker takes it). */
export interface RollupQueueTable {
  kind: "visit" | "event";
  /** The visit's session id or the event's id. */
  id: string;
  created_at: Timestamp;
}

/** Where a lead goes besides the team's e-mail: a signed webhook, Slack, or the acknowledgement to its sender. */
export type LeadChannel = "webhook" | "slack" | "ack";

export interface TrustedSendersTable {
  /** Lower case: a message from it is never scored as spam (the team said "not spam" to one). */
  email: string;
  created_at: Timestamp;
}

/** Empty but for a readiness probe's row inside its own transaction (repositories/write-probe.ts). */
export interface WriteProbeTable {
  id: string;
  payload: string;
}

export interface AcknowledgedSendersTable {
  /** The mailbox (lead-senders.ts: lower case, no sub-address): acknowledged at `acknowledged_at`, not again for a day. */
  email: string;
  acknowledged_at: EpochMillis;
}

export interface ServerSecretsTable {
  name: string;
  /** Random, base64url; shared by every instance on the database. */
  value: string;
}

export interface Schema {
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  contact_submission_guard: ContactSubmissionGuardTable;
  referrer_visits: ReferrerVisitsTable;
  address_salts: AddressSaltsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  form_flashes: FormFlashesTable;
  rate_limit_counters: RateLimitCountersTable;
  visit_rollups: VisitRollupsTable;
  visit_rollups_by_key: VisitRollupsByKeyTable;
  visit_rollups_by_key_week: VisitRollupsByKeyWeekTable;
  visit_rollups_by_hour: VisitRollupsByHourTable;
  site_events: SiteEventsTable;
  rollup_queue: RollupQueueTable;
  visit_steps: VisitStepsTable;
  admin_links: AdminLinksTable;
  admin_audit: AdminAuditTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_settings: AdminSettingsTable;
  trusted_senders: TrustedSendersTable;
  acknowledged_senders: AcknowledgedSendersTable;
  write_probe: WriteProbeTable;
  server_secrets: ServerSecretsTable;
}
