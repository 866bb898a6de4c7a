// A contact message stored: once per payload within a minute, with its outbox rows (mail, webhooks, Slack, the
// acknowledgement) and its count in the daily rollups (by its sender's visit) in the same transaction, committed
// before the caller hears back; and read back as its e-mail and webhooks show it.
import { createHash, randomUUID } from "node:crypto";
import type { AppDatabase, Executor } from "../../database.ts";
import type { ContactMessagesTable, ReferrerSource } from "../../schema.ts";
import { messageSearchText } from "../../search-text.ts";
import { leadSendersRepository } from "../lead-senders.ts";
import { outboxRepository } from "../outbox.ts";
import { referrerVisitsRepository } from "../referrer-visits.ts";
import { visitRollupsRepository } from "../visit-rollups.ts";
import { contactMail, type DeliveryPlan, queueDeliveries } from "./deliveries.ts";

/** The same payload submitted again within this window is not stored again. */
export const duplicateWindowMs = 60_000;

/** A message as the function hands it over: every column but the ones the repository sets. */
export type NewContactMessage = Omit<
  ContactMessagesTable,
  "id" | "created_at" | "read_at" | "handled_at" | "search_text" | "spam_score" | "spam_reasons"
> & {
  /** The spam score and its reasons as JSON (server/leads/spam-score.ts); none for a message not scored. */
  spam_score?: number;
  spam_reasons?: string;
};

export interface SubmitResult {
  /** False when the same payload was stored within the last minute (the submission is a duplicate). */
  stored: boolean;
  id: string | null;
}

export interface SubmitOptions {
  /**
   * Mail delivery is on: a stored message that is not spam gets its mail outbox row in the same transaction
   * (ADR 5). Spam and duplicates never get one.
   */
  queueMail?: boolean;
  /** Its webhook, Slack and acknowledgement deliveries, queued likewise (ADR 34). */
  deliveries?: DeliveryPlan;
}

/** A contact message as its e-mail and webhooks show it, with the tracked session of its sender when there is one. */
export interface OutboxMessage {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string | null;
  businessName: string | null;
  website: string | null;
  message: string;
  session: {
    landingPath: string;
    source: ReferrerSource;
    referrerHost: string | null;
    utm: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
  } | null;
}

export interface MessageStore {
  submit(message: NewContactMessage, options?: SubmitOptions): Promise<SubmitResult>;
  /** The message to send on, with its sender's tracked session; undefined once it was erased. */
  forDelivery(id: string): Promise<OutboxMessage | undefined>;
}

const utmKeys = ["source", "medium", "campaign", "term", "content"] as const;

function payloadHash(message: NewContactMessage): string {
  const fields = [
    message.name,
    message.email,
    message.phone,
    message.business_name,
    message.website,
    message.message,
  ];
  return createHash("sha256").update(JSON.stringify(fields)).digest("base64url");
}

/**
 * Claims the payload for the window: true unless it was claimed less than a window ago. Expired claims are
 * deleted at most once per window.
 */
function payloadGuard() {
  let lastPrune = 0;
  return async (trx: Executor, hash: string, at: number): Promise<boolean> => {
    const expiredAt = at - duplicateWindowMs;
    if (at - lastPrune >= duplicateWindowMs) {
      lastPrune = at;
      await trx
        .deleteFrom("contact_submission_guard")
        .where("stored_at", "<=", expiredAt)
        .execute();
    }
    const claimed = await trx
      .insertInto("contact_submission_guard")
      .values({ payload_hash: hash, stored_at: at })
      .onConflict((conflict) =>
        conflict
          .column("payload_hash")
          .doUpdateSet({ stored_at: at })
          .where("contact_submission_guard.stored_at", "<=", expiredAt),
      )
      .executeTakeFirst();
    return (claimed.numInsertedOrUpdatedRows ?? 0n) > 0n;
  };
}

export function messageStore(
  database: AppDatabase,
  now: () => number = Date.now,
  timeZone = "UTC",
): MessageStore {
  const claim = payloadGuard();
  const outbox = outboxRepository(database);
  const senders = leadSendersRepository(database);
  const visits = referrerVisitsRepository(database);
  const rollups = visitRollupsRepository(database, now, timeZone);
  return {
    submit(message, options = {}) {
      const at = now();
      const id = randomUUID();
      const createdAt = new Date(at).toISOString();
      return database.write(async (trx) => {
        if (!(await claim(trx, payloadHash(message), at))) return { stored: false, id: null };
        await trx
          .insertInto("contact_messages")
          .values({
            ...message,
            id,
            created_at: createdAt,
            search_text: messageSearchText(message),
          })
          .execute();
        if (message.status === "new") {
          const visit = message.session_id ? await visits.keysOf(message.session_id, trx) : null;
          await rollups.countMessage(trx, at, visit);
          if (options.queueMail === true) await outbox.enqueue([contactMail(id)], at, trx);
          if (options.deliveries) {
            const lead = { id, email: message.email };
            await queueDeliveries({ outbox, senders }, lead, options.deliveries, at, trx);
          }
        }
        return { stored: true, id };
      });
    },

    async forDelivery(id) {
      const row = await database.db
        .selectFrom("contact_messages as m")
        .leftJoin("referrer_visits as v", "v.session_id", "m.session_id")
        .select(["m.id", "m.created_at", "m.name", "m.email", "m.phone", "m.business_name"])
        .select(["m.website", "m.message", "v.landing_path", "v.source", "v.referrer_host"])
        .select(["v.utm_source", "v.utm_medium", "v.utm_campaign", "v.utm_term", "v.utm_content"])
        .where("m.id", "=", id)
        .executeTakeFirst();
      if (!row) return undefined;
      const utm = Object.fromEntries(
        utmKeys.flatMap((key) => (row[`utm_${key}`] ? [[key, row[`utm_${key}`]]] : [])),
      );
      const { landing_path: landingPath, source } = row;
      return {
        id: row.id,
        createdAt: new Date(row.created_at),
        name: row.name,
        email: row.email,
        phone: row.phone,
        businessName: row.business_name,
        website: row.website,
        message: row.message,
        session:
          landingPath && source
            ? { landingPath, source, referrerHost: row.referrer_host, utm }
            : null,
      };
    },
  };
}
