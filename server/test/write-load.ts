// Writes under way against a real server, as the durability tests need them: concurrent clients sending visits and
// contact messages (each one new), keeping the ids of every write the server acknowledged with 200.
import { randomUUID } from "node:crypto";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";

export interface WriteLoad {
  /** Session ids of acknowledged visits. */
  readonly ackedSessions: string[];
  /** Ids of acknowledged messages: the message text is `${prefix} ${id}`. */
  readonly ackedMessages: string[];
  /** Stops the clients after their request under way; resolves when all have. */
  stop(): Promise<void>;
}

export function startWriteLoad(
  url: string,
  options: { clients: number; contactEvery: number; prefix: string },
): WriteLoad {
  const ackedSessions: string[] = [];
  const ackedMessages: string[] = [];
  let stopped = false;
  const client = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      const contact = (index + n) % options.contactEvery === 0;
      const id = randomUUID();
      const body = contact
        ? { name: "Load Test", email: "load@example.com", message: `${options.prefix} ${id}` }
        : {
            session_id: id,
            referrer: "direct",
            page_url: "https://www.boothpilot.example/",
            user_agent: `${options.prefix}-test`,
          };
      try {
        const response = await fetch(`${url}${contact ? contactFormPath : trackReferrerPath}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        if (response.status === 200) (contact ? ackedMessages : ackedSessions).push(id);
        await response.arrayBuffer();
      } catch {
        // Refused or cut off by a stopping or killed server: not acknowledged, so no promise was made.
      }
    }
  };
  const running = Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return {
    ackedSessions,
    ackedMessages,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
