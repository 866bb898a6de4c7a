// The admin API's wire contract: paths, the shapes of its answers and its error texts. Shared by the console in the
// browser and the server; no zod here, so the console's bundle does not carry it (the request schemas are in
// admin-requests.ts).

import type { SpamReason } from "./spam-reasons.ts";
import type { TeamRole } from "./team.ts";

export const adminApiPaths = {
  session: "/admin/api/session",
  /** POST: a new session token for the current one, which ends (the absolute limit stays). */
  sessionRefresh: "/admin/api/session/refresh",
  /** GET: the console's live stream (text/event-stream, contracts/console-events.ts). */
  events: "/admin/api/events",
  messages: "/admin/api/messages",
  message: (id: string) => `/admin/api/messages/${encodeURIComponent(id)}`,
  retryMail: (id: string) => `/admin/api/messages/${encodeURIComponent(id)}/retry-mail`,
  /** POST: the message's failed webhook, Slack and acknowledgement deliveries are queued again. */
  retryDeliveries: (id: string) => `/admin/api/messages/${encodeURIComponent(id)}/retry-deliveries`,
  /** POST: one of the inbox actions; DELETE on `message(id)` erases the message. */
  messageAction: (id: string, action: MessageAction) =>
    `/admin/api/messages/${encodeURIComponent(id)}/${action}`,
  /** GET, with the inbox's query: every message of the view as CSV. */
  messagesCsv: "/admin/api/messages.csv",
  analytics: "/admin/api/analytics",
  /** GET: panels, conversions and the series of a range, filtered, beside the previous period. */
  analyticsBreakdown: "/admin/api/analytics/breakdown",
  /** GET, with the breakdown's query and `panel`: one panel or the series as CSV. */
  analyticsCsv: "/admin/api/analytics/breakdown.csv",
} as const;

export const messageStatuses = ["new", "spam"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Where a message is in the team's work: not opened yet, opened, or dealt with. */
export const inboxStates = ["unread", "read", "handled"] as const;
export type InboxState = (typeof inboxStates)[number];

/** What the team can do to a message (besides deleting it and sending a failed e-mail again). */
export const messageActions = [
  "read",
  "unread",
  "handled",
  "unhandled",
  "spam",
  "not-spam",
] as const;
export type MessageAction = (typeof messageActions)[number];

/** The e-mail of a message: its outbox row's status, or "none" when it has no row (mail off, or spam). */
export const mailStates = ["pending", "sent", "failed", "none"] as const;
export type MailState = (typeof mailStates)[number];

/**
 * A visit's channel: Google Analytics 4's default channel groups and one of ours, AI assistants
 * (server/analytics/channels.ts holds the rules). Most common first: the order of the inbox's filter.
 */
export const referrerSources = [
  "organic_search",
  "paid_search",
  "organic_social",
  "paid_social",
  "email",
  "direct",
  "referral",
  "ai",
  "display",
  "affiliates",
  "organic_video",
  "paid_video",
  "cross_network",
  "organic_shopping",
  "paid_shopping",
  "audio",
  "sms",
  "mobile_push",
  "paid_other",
  "unassigned",
] as const;
export type ReferrerSource = (typeof referrerSources)[number];
export type Channel = ReferrerSource;

/**
 * The source classes counted before channels: rollups of days whose raw visits were already deleted when channels
 * came keep them (the console says from which day channels apply).
 */
export const legacySources = ["search", "social", "other"] as const;
export type LegacySource = (typeof legacySources)[number];

/** What a rollup row is counted under: a channel, an earlier class, or a message without a counted visit. */
export type RollupSource = Channel | LegacySource | "untracked";

/** How the console and the weekly report e-mail name a channel (GA4's names). */
export const sourceLabels: Record<RollupSource, string> = {
  organic_search: "Organic Search",
  paid_search: "Paid Search",
  organic_social: "Organic Social",
  paid_social: "Paid Social",
  email: "Email",
  direct: "Direct",
  referral: "Referral",
  ai: "AI assistants",
  display: "Display",
  affiliates: "Affiliates",
  organic_video: "Organic Video",
  paid_video: "Paid Video",
  cross_network: "Cross-network",
  organic_shopping: "Organic Shopping",
  paid_shopping: "Paid Shopping",
  audio: "Audio",
  sms: "SMS",
  mobile_push: "Mobile Push Notifications",
  paid_other: "Paid Other",
  unassigned: "Unassigned",
  search: "Search (before channels)",
  social: "Social (before channels)",
  other: "Other sites (before channels)",
  untracked: "No tracked visit",
};

export const analyticsDays = [7, 30, 90] as const;
export type AnalyticsDays = (typeof analyticsDays)[number];

/** The console's ranges: today, the last 7, 30 or 90 UTC days, the last 12 months, or whole UTC days chosen. */
export const analyticsRanges = ["today", "7d", "30d", "90d", "12m", "custom"] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

/** How a range of days is charted: a point per UTC day, per ISO week (from Monday) or per calendar month. */
export const analyticsGroups = ["day", "week", "month"] as const;
export type AnalyticsGroup = (typeof analyticsGroups)[number];

/** The breakdown's panels: its URL and CSV names, and the filters a row of each sets. */
export const analyticsPanels = [
  "source",
  "host",
  "landing",
  "utmSource",
  "utmMedium",
  "campaign",
  "page",
  "goal",
  "device",
  "browser",
  "os",
  "country",
] as const;
export type AnalyticsPanel = (typeof analyticsPanels)[number];

/** The panels a click filters by (utm_source and utm_medium are shown, not filtered). */
export const analyticsFilterPanels = ["source", "host", "landing", "campaign"] as const;
export type AnalyticsFilterPanel = (typeof analyticsFilterPanels)[number];

/** The panels a filter by host, landing page or campaign does not narrow (they count all of a source's visits). */
export const audiencePanels = ["page", "goal", "device", "browser", "os", "country"] as const;

/** The site's events as the console counts them (contracts/track-event.ts), bots left out. */
export interface EventFigures {
  /** Page loads. */
  pageviews: number;
  /** Clicks on the organizer app's sign-up link: the site's headline conversion. */
  signups: number;
  /** Outbound clicks counted as goals (sign-up included): app links, demo videos, social profiles. */
  clicks: number;
}

/** One value's figures in the range and in the previous period of the same length. */
export interface BreakdownRow extends EventFigures {
  /**
   * "" for none (a direct visit's host, a visit without a campaign, an unknown device). Goals: the event name;
   * countries: the ISO 3166-1 alpha-2 code.
   */
  value: string;
  visits: number;
  messages: number;
  /**
   * Of `visits`, those that sent a message and those that clicked sign-up (each visit once, on its own day): the
   * numerators of the conversion and sign-up rates, never more than `visits`.
   */
  converted: number;
  signedUpVisits: number;
  previousVisits: number;
  previousMessages: number;
  previousSignups: number;
}

/**
 * People's visits, their events and contact messages (not spam), bots apart. `converted` and `signedUpVisits` are the
 * visits that sent a message and clicked sign-up: the rates' numerators. `untrackedMessages` are the messages without
 * a counted visit (none, or a bot's), in `messages` but in no rate.
 */
export type BreakdownTotals = {
  visits: number;
  messages: number;
  botVisits: number;
  converted: number;
  signedUpVisits: number;
  untrackedMessages: number;
} & EventFigures;

/** GET /admin/api/analytics/breakdown */
export interface AnalyticsBreakdown {
  range: AnalyticsRange;
  /** The IANA time zone whose days and hours the report counts (ANALYTICS_TIME_ZONE). */
  timeZone: string;
  /** The range and the period before it, ISO-8601 (start inclusive, end exclusive). */
  since: string;
  until: string;
  previousSince: string;
  previousUntil: string;
  filters: Record<AnalyticsFilterPanel, string[]>;
  /** People's visits, their events and contact messages (not spam), bots apart; now and in the previous period. */
  totals: BreakdownTotals;
  previousTotals: BreakdownTotals;
  /**
   * The first day (YYYY-MM-DD, in the time zone) counted by channel; the days before it keep the classes counted
   * before channels ("Search (before channels)"...). null when every day is counted by channel.
   */
  channelsSince: string | null;
  /** Every row of each panel, most visits first (the console shows the first and offers the rest). */
  panels: Record<AnalyticsPanel, BreakdownRow[]>;
  /** Panels the host, landing page or campaign filters did not narrow (empty without such a filter). */
  unfilteredPanels: AnalyticsPanel[];
  /**
   * Visits that landed, then those that saw /pricing or a feature page, then those that clicked sign-up, each
   * visit counted once per step (narrowed by source class only, like `unfilteredPanels`).
   */
  funnel: { landed: number; considered: number; signedUp: number };
  /** What a point of the series covers: a day, an hour for "today", or a week or month when grouped. */
  grain: AnalyticsGroup | "hour";
  /**
   * Every UTC day (or hour) of the range, oldest first, beside the same point of the previous period; `start` is
   * ISO-8601 ("2026-11-23T14:00:00.000Z"). Grouped, the days' sums per week or month, `start` its first day (a
   * Monday, the 1st): the first and last points count only their days in the range.
   */
  series: {
    start: string;
    visits: number;
    messages: number;
    signups: number;
    pageviews: number;
    previousVisits: number;
  }[];
}

/** Every error answer of the admin API. */
export interface AdminError {
  error: string;
}

/** GET /admin/api/session: answered with or without a session (the console asks it first). */
export interface AdminSessionState {
  /** ADMIN_EMAIL and ADMIN_PASSWORD are set on the server. */
  accountConfigured: boolean;
  signedIn: boolean;
  /** The signed-in account's address. */
  email: string | null;
  /** The signed-in person's name (null: none given) and role: the console offers only what the role may do. */
  name: string | null;
  role: TeamRole | null;
  /** The signed-in person has two-step sign-in on. */
  twoStep: boolean;
  /** An owner requires two-step sign-in and this person has none: the console offers only its setup. */
  twoStepSetupNeeded: boolean;
  /**
   * When the session ends unless it is used or refreshed first (ISO-8601): the idle limit or the absolute one,
   * whichever comes first. null when nobody is signed in.
   */
  expiresAt: string | null;
  /** The absolute limit: no refresh extends the session past it (ISO-8601). null when nobody is signed in. */
  endsAt: string | null;
  /** A session unused this long ends (ms): the console signs out after this long without its reader. */
  idleMs: number;
}

/** POST /admin/api/session: the sign-in (the code only for an account with two-step sign-in). */
export interface SignInRequest {
  email: string;
  password: string;
  code?: string;
}

export interface InboxMessage {
  id: string;
  /** ISO-8601. */
  receivedAt: string;
  name: string;
  email: string;
  businessName: string | null;
  /** The start of the message, on one line. */
  excerpt: string;
  status: MessageStatus;
  mail: MailState;
  /** Opened by the team at least once (and not marked unread since). */
  read: boolean;
  handled: boolean;
  /** The class of the sender's tracked visit; null when the form's session left no tracked visit. */
  source: ReferrerSource | null;
  /** The visit's utm_campaign, when it had one. */
  campaign: string | null;
}

/** GET /admin/api/messages: newest first. */
export interface InboxPage {
  messages: InboxMessage[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Messages whose e-mail failed (all of them, whatever the filter): the inbox warns about them. */
  failedMailCount: number;
  /** Messages not opened yet (spam left out, whatever the filter): the console's navigation shows it. */
  unreadCount: number;
}

export interface MailDelivery {
  status: Exclude<MailState, "none">;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  /** connection (no SMTP reply), transient (4xx) or permanent (5xx). */
  lastErrorKind: "connection" | "transient" | "permanent" | null;
  sentAt: string | null;
  failedAt: string | null;
}

/** A delivery of the message besides the team's e-mail (ADR 34): a signed webhook, Slack, or the acknowledgement. */
export interface LeadDelivery extends MailDelivery {
  channel: "webhook" | "slack" | "ack";
  /** The receiver's host (never its path, which may hold a secret), "Slack", or the sender's address. */
  receiver: string;
}

/** The sender's visit as track-referrer stored it (joined on the session id the form sent). */
export interface TrackedSession {
  visitedAt: string;
  landingPath: string;
  source: ReferrerSource;
  referrerHost: string | null;
  referrerUrl: string | null;
  utm: Record<"source" | "medium" | "campaign" | "term" | "content", string | null>;
  isBot: boolean;
}

/** GET /admin/api/messages/:id */
export interface MessageDetail {
  id: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  businessName: string | null;
  website: string | null;
  message: string;
  status: MessageStatus;
  /** When the team first opened it, and when it was marked handled (ISO-8601; null: not yet). */
  readAt: string | null;
  handledAt: string | null;
  userAgent: string | null;
  sessionId: string | null;
  /** null: the message has no outbox row (mail delivery was off when it came, or it is spam). */
  mail: MailDelivery | null;
  /** SMTP_URL is set on this server: a failed e-mail can be sent again. */
  mailDeliveryOn: boolean;
  session: TrackedSession | null;
  /** Its webhook, Slack and acknowledgement deliveries; empty when none was configured or it is spam. */
  deliveries: LeadDelivery[];
  /** Its spam score when it arrived and why (ADR 34); at or above the threshold it arrived as spam. */
  spam: { score: number; threshold: number; reasons: SpamReason[] };
}

/** GET /admin/api/analytics?days=7|30|90 */
export interface AnalyticsReport {
  days: AnalyticsDays;
  /** The window: visits and messages from `since` (inclusive) to `until`. ISO-8601. */
  since: string;
  until: string;
  /** Visits by people (bots left out everywhere below). */
  visits: number;
  /** Visits whose user agent is a bot's. */
  botVisits: number;
  bySource: { source: ReferrerSource; visits: number }[];
  /** Top 10; direct visits have no host and are not listed. */
  byReferrerHost: { host: string; visits: number }[];
  byLandingPath: { path: string; visits: number }[];
  byCampaign: { campaign: string; visits: number }[];
  /** Every UTC day of the window, oldest first, days without visits included. */
  perDay: { day: string; visits: number }[];
  /** Contact messages (spam left out) by the source of the sender's tracked visit. */
  messagesBySource: { source: ReferrerSource | "untracked"; messages: number }[];
}

export const adminErrors = {
  badCredentials: "Wrong e-mail address or password.",
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  badCode: "That code is wrong or was used already. Enter the current code, or a recovery code.",
  twoStepSetupNeeded: "Set up two-step sign-in to continue: an owner requires it.",
  noAccount:
    "No admin account is configured on this server. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart it.",
  signInRequired: "Sign in to use the admin console.",
  tooManySignIns: "Too many sign-in attempts. Try again later.",
  httpsRequired:
    "Sign-in needs HTTPS: this server keeps sessions in a Secure cookie, which a browser drops over plain HTTP. Open the console at its https:// address (behind a proxy: have it send X-Forwarded-Proto https, and list it in TRUST_PROXY).",
  tooManyPasswordChecks: "Too many password attempts. Try again later.",
  tooManyReports: "Too many reports asked for at once. Wait a few seconds and try again.",
  tooManyStreams: "Too many live connections open: close a few console tabs.",
  crossOrigin: "Refused: admin requests must come from the console's own origin.",
  jsonOnly: "Content-Type must be application/json.",
  invalidJson: "Request body is not valid JSON.",
  tooLarge: "Request body is too large.",
  messageNotFound: "No message with this id.",
  notFailed: "Only a message whose e-mail failed can be sent again.",
  noFailedDeliveries: "Only a message with a failed delivery can be sent again.",
  mailOff:
    "Mail delivery is off on this server (SMTP_URL is not set): the message cannot be e-mailed.",
  notFound: "Not found.",
  badRequest: "Bad request.",
  internal: "Internal server error.",
} as const;
