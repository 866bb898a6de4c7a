// Contact messages: stored once per payload within a minute, with their outbox rows (mail, webhooks, Slack, the
// acknowledgement) and their count in the
// daily rollups (by their sender's visit) in the same transaction, committed before the caller hears back.
import { createHash, randomUUID } from "node:crypto";
import type { AppDatabase, Executor } from "../database.ts";
import type { ContactMessagesTable } from "../schema.ts";
import { messageSearchText } from "../search-text.ts";
import { type DeliveryPlan, leadDeliveriesRepository } from "./lead-deliveries.ts";
import { mailOutboxRepository } from "./mail-outbox.ts";
import { referrerVisitsRepository } from "./referrer-visits.ts";
import { visitRollupsRepository } from "./visit-rollups.ts";

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

export interface ContactMessagesRepository {
  submit(message: NewContactMessage, options?: SubmitOptions): Promise<SubmitResult>;
}

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

export function contactMessagesRepository(
  database: AppDatabase,
  now: () => number = Date.now,
  timeZone = "UTC",
): ContactMessagesRepository {
  const claim = payloadGuard();
  const outbox = mailOutboxRepository(database);
  const deliveries = leadDeliveriesRepository(database);
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
          if (options.queueMail === true) await outbox.enqueue(id, at, trx);
          if (options.deliveries) {
            await deliveries.enqueue({ id, email: message.email }, options.deliveries, at, trx);
          }
        }
        return { stored: true, id };
      });
    },
  };
}
