// Contact messages: stored once per payload within a minute, committed (group commit) before the caller hears back.
import { createHash, randomUUID } from "node:crypto";
import type { AppDatabase } from "../database.ts";
import type { ContactMessagesTable } from "../schema.ts";
import { enqueueMail } from "./mail-outbox.ts";

/** The same payload submitted again within this window is not stored again. */
export const duplicateWindowMs = 60_000;

/** A message as the function hands it over: every column but the ones the repository sets. */
export type NewContactMessage = Omit<ContactMessagesTable, "id" | "created_at">;

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

export function contactMessagesRepository(
  database: AppDatabase,
  now: () => number = Date.now,
): ContactMessagesRepository {
  let lastPrune = 0;
  return {
    submit(message, options = {}) {
      return database.writes.run(async (trx) => {
        const at = now();
        if (at - lastPrune >= duplicateWindowMs) {
          lastPrune = at;
          await trx
            .deleteFrom("contact_submission_guard")
            .where("stored_at", "<=", at - duplicateWindowMs)
            .execute();
        }
        // Claims the payload for this minute, atomically on both databases (and across instances on PostgreSQL).
        const claimed = await trx
          .insertInto("contact_submission_guard")
          .values({ payload_hash: payloadHash(message), stored_at: at })
          .onConflict((conflict) =>
            conflict
              .column("payload_hash")
              .doUpdateSet({ stored_at: at })
              .where("contact_submission_guard.stored_at", "<=", at - duplicateWindowMs),
          )
          .returning("payload_hash")
          .executeTakeFirst();
        if (!claimed) return { stored: false, id: null };
        const id = randomUUID();
        await trx
          .insertInto("contact_messages")
          .values({ id, created_at: new Date(at).toISOString(), ...message })
          .execute();
        if (options.queueMail && message.status === "new") await enqueueMail(trx, id, at);
        return { stored: true, id };
      });
    },
  };
}
