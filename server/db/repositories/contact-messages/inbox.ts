// The admin console's view of contact messages: the inbox (newest first, keyset pages, search and filters, CSV),
// the unread and failed counts, and one message with its e-mail delivery and its sender's tracked visit. The
// team's actions on a message are in triage.ts.

import { type SelectQueryBuilder, sql } from "kysely";
import type {
  InboxMessage,
  InboxState,
  MailDelivery,
  MailState,
  MessageDetail,
  MessageStatus,
  ReferrerSource,
  TrackedSession,
} from "../../../../contracts/admin-api.ts";
import { spamThreshold } from "../../../../contracts/spam-reasons.ts";
import { parseSpamReasons } from "../../../leads/spam-score.ts";
import type { AppDatabase } from "../../database.ts";
import type { MailOutboxStatus, Schema } from "../../schema.ts";
import { foldForSearch } from "../../search-text.ts";
import { outboxRepository } from "../outbox.ts";

const excerptLength = 140;

export interface InboxFilter {
  status?: MessageStatus | undefined;
  mail?: MailState | undefined;
  state?: InboxState | undefined;
  /** Found in the name, e-mail, business or message, whatever the case and accents (ADR 31). */
  search?: string | undefined;
  source?: ReferrerSource | undefined;
  landingPath?: string | undefined;
  /** The last message of the previous page: older ones follow. */
  after?: { receivedAt: string; id: string } | undefined;
  limit: number;
}

/** A message as the CSV download lists it: every field the team entered or the visit told. */
export interface InboxExportRow extends InboxMessage {
  phone: string | null;
  website: string | null;
  message: string;
  landingPath: string | null;
}

export interface MessageInbox {
  /** Up to `limit` messages, newest first; `more` when older ones match too. */
  list(filter: InboxFilter): Promise<{ messages: InboxMessage[]; more: boolean }>;
  /** Every message matching the filter (no page), newest first, for the CSV download. */
  exportAll(filter: Omit<InboxFilter, "after" | "limit">): Promise<InboxExportRow[]>;
  /** Messages whose e-mail failed, all of them. */
  failedMailCount(): Promise<number>;
  /** Messages not opened yet, spam left out. */
  unreadCount(): Promise<number>;
  /** The message with its e-mail delivery and tracked visit, or null (mailDeliveryOn and the deliveries are the caller's). */
  detail(id: string): Promise<Omit<MessageDetail, "mailDeliveryOn" | "deliveries"> | null>;
}

type Joined = Schema & {
  m: Schema["contact_messages"];
  // Joined without its cancelled rows.
  o: Omit<Schema["outbox"], "status"> & { status: MailOutboxStatus };
  v: Schema["referrer_visits"];
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function excerpt(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > excerptLength ? `${line.slice(0, excerptLength - 1)}…` : line;
}

/** The columns of the inbox's list, as both the list and the CSV select them. */
interface InboxRow {
  id: string;
  created_at: Date | string;
  name: string;
  email: string;
  business_name: string | null;
  message: string;
  status: MessageStatus;
  read_at: Date | string | null;
  handled_at: Date | string | null;
  mail_status: Exclude<MailState, "none"> | null;
  source: ReferrerSource | null;
  utm_campaign: string | null;
}

/** The columns of a message in the list; the CSV and one message's page add theirs. */
const listColumns = [
  "m.id",
  "m.created_at",
  "m.name",
  "m.email",
  "m.business_name",
  "m.message",
  "m.status",
  "m.read_at",
  "m.handled_at",
  sql<MailOutboxStatus | null>`o.status`.as("mail_status"),
  "v.source",
  "v.utm_campaign",
] as const;

function inboxMessage(row: InboxRow): InboxMessage {
  return {
    id: row.id,
    receivedAt: new Date(row.created_at).toISOString(),
    name: row.name,
    email: row.email,
    businessName: row.business_name,
    excerpt: excerpt(row.message),
    status: row.status,
    mail: row.mail_status ?? "none",
    read: row.read_at !== null,
    handled: row.handled_at !== null,
    source: row.source,
    campaign: row.utm_campaign,
  };
}

export function messageInbox(database: AppDatabase): MessageInbox {
  const { db } = database;
  const outbox = outboxRepository(database);
  const view = () =>
    db
      .selectFrom("contact_messages as m")
      // The message's e-mail; one cancelled (the message was spam) is as none.
      .leftJoin("outbox as o", (join) =>
        join
          // subject_id is text, a message id a uuid on PostgreSQL.
          .on(sql<boolean>`o.subject_id = cast(m.id as text)`)
          .on("o.kind", "=", "contact-mail")
          .on("o.status", "!=", "cancelled"),
      )
      .leftJoin("referrer_visits as v", "v.session_id", "m.session_id");

  const filtered = <Row>(
    query: SelectQueryBuilder<Joined, "m" | "o" | "v", Row>,
    filter: Omit<InboxFilter, "after" | "limit">,
  ) => {
    let q = query;
    if (filter.status) q = q.where("m.status", "=", filter.status);
    if (filter.mail === "none") q = q.where("o.id", "is", null);
    else if (filter.mail) q = q.where("o.status", "=", filter.mail);
    if (filter.state === "unread") q = q.where("m.read_at", "is", null);
    if (filter.state === "read")
      q = q.where("m.read_at", "is not", null).where("m.handled_at", "is", null);
    if (filter.state === "handled") q = q.where("m.handled_at", "is not", null);
    if (filter.source) q = q.where("v.source", "=", filter.source);
    if (filter.landingPath) q = q.where("v.landing_path", "=", filter.landingPath);
    const search = filter.search;
    if (search) {
      // Folded as the stored column is, so both databases compare the same text; LIKE's own characters escaped.
      const pattern = `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => sql<boolean>`${eb.ref("m.search_text")} like ${pattern} escape '\\'`);
    }
    return q;
  };

  return {
    async list(filter) {
      let query = filtered(view().select(listColumns), filter);
      const after = filter.after;
      if (after) {
        // Keyset: strictly after the last row shown in (created_at, id) order, so no row repeats or is skipped
        // when messages arrive between pages.
        query = query.where((eb) =>
          eb.or([
            eb("m.created_at", "<", after.receivedAt),
            eb.and([eb("m.created_at", "=", after.receivedAt), eb("m.id", "<", after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .limit(filter.limit + 1)
        .execute();
      return {
        more: rows.length > filter.limit,
        messages: rows.slice(0, filter.limit).map(inboxMessage),
      };
    },

    async exportAll(filter) {
      const rows = await filtered(
        view().select([...listColumns, "m.phone", "m.website", "v.landing_path"]),
        filter,
      )
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .execute();
      return rows.map((row) => ({
        ...inboxMessage(row),
        phone: row.phone,
        website: row.website,
        message: row.message,
        landingPath: row.landing_path,
      }));
    },

    async unreadCount() {
      const row = await db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("read_at", "is", null)
        .where("status", "=", "new")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async failedMailCount() {
      return (await outbox.counts("contact-mail")).counts.failed;
    },

    async detail(id) {
      const row = await view()
        .select([
          ...listColumns,
          "m.phone",
          "m.website",
          "m.user_agent",
          "m.session_id",
          "m.spam_score",
          "m.spam_reasons",
          "o.attempts as mail_attempts",
          "o.last_attempt_at",
          "o.last_error",
          "o.last_error_kind",
          "o.sent_at",
          "o.failed_at",
          "v.session_id as visit_session_id",
          "v.created_at as visited_at",
          "v.landing_path",
          "v.referrer_host",
          "v.referrer_url",
          "v.utm_source",
          "v.utm_medium",
          "v.utm_term",
          "v.utm_content",
          "v.is_bot",
        ])
        .where("m.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      const mail: MailDelivery | null = row.mail_status
        ? {
            status: row.mail_status,
            attempts: Number(row.mail_attempts ?? 0),
            lastAttemptAt: iso(row.last_attempt_at),
            lastError: row.last_error,
            lastErrorKind: row.last_error_kind,
            sentAt: iso(row.sent_at),
            failedAt: iso(row.failed_at),
          }
        : null;
      const session: TrackedSession | null =
        row.visit_session_id && row.visited_at && row.landing_path && row.source
          ? {
              visitedAt: new Date(row.visited_at).toISOString(),
              landingPath: row.landing_path,
              source: row.source,
              referrerHost: row.referrer_host,
              referrerUrl: row.referrer_url,
              utm: {
                source: row.utm_source,
                medium: row.utm_medium,
                campaign: row.utm_campaign,
                term: row.utm_term,
                content: row.utm_content,
              },
              isBot: Boolean(row.is_bot),
            }
          : null;
      return {
        id: row.id,
        receivedAt: new Date(row.created_at).toISOString(),
        name: row.name,
        email: row.email,
        phone: row.phone,
        businessName: row.business_name,
        website: row.website,
        message: row.message,
        status: row.status,
        readAt: iso(row.read_at),
        handledAt: iso(row.handled_at),
        userAgent: row.user_agent,
        sessionId: row.session_id,
        mail,
        session,
        spam: {
          score: Number(row.spam_score),
          threshold: spamThreshold,
          reasons: parseSpamReasons(row.spam_reasons),
        },
      };
    },
  };
}
