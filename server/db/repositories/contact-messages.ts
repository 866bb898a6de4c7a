// Contact messages: stored once per payload within a minute, committed (group commit) before the caller hears back.
import { createHash, randomUUID } from "node:crypto";
import type { AppDatabase } from "../database.ts";
import type { ContactMessageStatus } from "../schema.ts";

/** The same payload submitted again within this window is not stored again. */
export const duplicateWindowMs = 60_000;

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | null;
  business_name: string | null;
  website: string | null;
  message: string;
  session_id: string | null;
  client_hash: string;
  user_agent: string | null;
  status: ContactMessageStatus;
}

export interface SubmitResult {
  /** False when the same payload was stored within the last minute (the submission is a duplicate). */
  stored: boolean;
  id: string | null;
}

export interface ContactMessagesRepository {
  submit(message: NewContactMessage): Promise<SubmitResult>;
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
    async submit(message) {
      const at = now();
      const id = randomUUID();
      const { stored } = await database.writes.run("submitContact", {
        row: { ...message, id, created_at: new Date(at).toISOString() },
        payload_hash: payloadHash(message),
        at,
        window_ms: duplicateWindowMs,
      });
      return stored ? { stored, id } : { stored, id: null };
    },
  };
}
