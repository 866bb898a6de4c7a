// Contact messages posted to a running server by a few clients at once until stopped, for the tests that kill the
// server under load: the texts it acknowledged (200) are the ones that must survive.
import { randomUUID } from "node:crypto";
import { contactFormPath } from "../../contracts/contact-form.ts";
import type { AppDatabase } from "../db/database.ts";

export interface ContactLoad {
  /** The texts of the messages answered 200. */
  readonly acked: string[];
  /** Stops posting; resolves when every client has. */
  stop(): Promise<void>;
}

export function contactLoad(
  url: string,
  options: { clients: number; label: string; max?: number },
): ContactLoad {
  const acked: string[] = [];
  let stopped = false;
  const client = async () => {
    while (!stopped && acked.length < (options.max ?? Number.POSITIVE_INFINITY)) {
      const text = `${options.label} ${randomUUID()}`;
      try {
        const response = await fetch(`${url}${contactFormPath}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Crash Test", email: "crash@example.com", message: text }),
        });
        if (response.status === 200) acked.push(text);
        await response.arrayBuffer();
      } catch {
        // Killed mid-request: nothing was promised.
      }
    }
  };
  const running = Promise.all(Array.from({ length: options.clients }, client));
  return {
    acked,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/**
 * The messages stored, and the acknowledged texts among them that are missing (none, when nothing acknowledged
 * was lost; a few more may be stored whose answer the kill cut off).
 */
export async function storedMessages(
  database: AppDatabase,
  acked: readonly string[],
): Promise<{ stored: { id: string; message: string }[]; lost: string[] }> {
  const stored = await database.db
    .selectFrom("contact_messages")
    .select(["id", "message"])
    .execute();
  const texts = new Set(stored.map((row) => row.message));
  return { stored, lost: acked.filter((text) => !texts.has(text)) };
}
