// The admin console's view of contact messages: the inbox (newest first, keyset pages, filters), one message with
// its e-mail delivery and its sender's tracked visit, and sending a failed e-mail again.
import type {
  InboxMessage,
  MailDelivery,
  MailState,
  MessageDetail,
  MessageStatus,
  TrackedSession,
} from "../../../contracts/admin-api.ts";
import type { AppDatabase } from "../database.ts";

const excerptLength = 140;

export interface InboxFilter {
  status?: MessageStatus | undefined;
  mail?: MailState | undefined;
  /** The last message of the previous page: older ones follow. */
  after?: { receivedAt: string; id: string } | undefined;
  limit: number;
}

export interface AdminInboxRepository {
  /** Up to `limit` messages, newest first; `more` when older ones match too. */
  list(filter: InboxFilter): Promise<{ messages: InboxMessage[]; more: boolean }>;
  /** Messages whose e-mail failed, all of them. */
  failedMailCount(): Promise<number>;
  /** The message with its e-mail delivery and tracked visit, or null (mailDeliveryOn is the caller's). */
  detail(id: string): Promise<Omit<MessageDetail, "mailDeliveryOn"> | null>;
  /** Puts a failed e-mail back in the outbox, due at `at`; false when the message's e-mail is not failed. */
  retryMail(id: string, at: number): Promise<boolean>;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function excerpt(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > excerptLength ? `${line.slice(0, excerptLength - 1)}…` : line;
}

export function adminInboxRepository(database: AppDatabase): AdminInboxRepository {
  const { db } = database;
  return {
    async list(filter) {
      let query = db
        .selectFrom("contact_messages as m")
        .leftJoin("mail_outbox as o", "o.message_id", "m.id")
        .select([
          "m.id",
          "m.created_at",
          "m.name",
          "m.email",
          "m.business_name",
          "m.message",
          "m.status",
          "o.status as mail_status",
        ]);
      if (filter.status) query = query.where("m.status", "=", filter.status);
      if (filter.mail === "none") query = query.where("o.message_id", "is", null);
      else if (filter.mail) query = query.where("o.status", "=", filter.mail);
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
        messages: rows.slice(0, filter.limit).map((row) => ({
          id: row.id,
          receivedAt: new Date(row.created_at).toISOString(),
          name: row.name,
          email: row.email,
          businessName: row.business_name,
          excerpt: excerpt(row.message),
          status: row.status,
          mail: row.mail_status ?? "none",
        })),
      };
    },

    async failedMailCount() {
      const row = await db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("status", "=", "failed")
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async detail(id) {
      const row = await db
        .selectFrom("contact_messages as m")
        .leftJoin("mail_outbox as o", "o.message_id", "m.id")
        .leftJoin("referrer_visits as v", "v.session_id", "m.session_id")
        .select([
          "m.id",
          "m.created_at",
          "m.name",
          "m.email",
          "m.phone",
          "m.business_name",
          "m.website",
          "m.message",
          "m.status",
          "m.user_agent",
          "m.session_id",
          "o.status as mail_status",
          "o.attempts as mail_attempts",
          "o.last_attempt_at",
          "o.last_error",
          "o.last_error_kind",
          "o.sent_at",
          "o.failed_at",
          "v.session_id as visit_session_id",
          "v.created_at as visited_at",
          "v.landing_path",
          "v.source",
          "v.referrer_host",
          "v.referrer_url",
          "v.utm_source",
          "v.utm_medium",
          "v.utm_campaign",
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
        userAgent: row.user_agent,
        sessionId: row.session_id,
        mail,
        session,
      };
    },

    // The attempts and the four days before giving up count afresh (else the first new failure would mark it
    // failed at once). Only a failed row changes.
    async retryMail(id, at) {
      const result = await db
        .updateTable("mail_outbox")
        .set({
          status: "pending",
          next_attempt_at: at,
          created_at: new Date(at).toISOString(),
          attempts: 0,
          lease_owner: null,
          failed_at: null,
        })
        .where("message_id", "=", id)
        .where("status", "=", "failed")
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
