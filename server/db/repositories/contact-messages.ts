// Contact messages: stored once per payload within a minute, committed (group commit) before the caller hears back.
import { createHash, randomUUID } from "node:crypto";
import type { AppDatabase } from "../database.ts";
import type { ContactMessagesTable } from "../schema.ts";

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
  return {
    async submit(message, options = {}) {
      const at = now();
      const id = randomUUID();
      const { stored } = await database.writes.run("submitContact", {
        row: { ...message, id, created_at: new Date(at).toISOString() },
        payload_hash: payloadHash(message),
        at,
        window_ms: duplicateWindowMs,
        queue_mail: options.queueMail === true,
      });
      return stored ? { stored, id } : { stored, id: null };
    },
  };
}
