// Carries the console's live events between instances on one PostgreSQL: NOTIFY through the pool, LISTEN on one
// dedicated connection per instance, connected again (after SPEC's back-off) when it drops.
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type pg from "pg";
import {
  type ConsoleEventData,
  type ConsoleEventName,
  consoleEventNames,
} from "../../contracts/console-events.ts";
import type { Schema } from "../db/schema.ts";
import type { ConsoleEvent, ConsoleEventRelay } from "./console-events.ts";

export const consoleEventsChannel = "boothpilot_console_events";

export interface PostgresRelayOptions {
  db: Kysely<Schema>;
  /** A new connection outside the pool. */
  connect: () => pg.Client;
  /** An event another instance published. */
  onEvent: (event: ConsoleEvent) => void;
  /** The listening connection came back after a drop: events of the gap may be missing. */
  onResync: () => void;
  /** Waits before each new connection try after a drop; the last one repeats. */
  backoffMs: readonly number[];
  log: { warn(details: object, message: string): void; info(message: string): void };
}

interface Notice {
  origin: string;
  name: ConsoleEventName;
  data: ConsoleEventData[ConsoleEventName];
}

export class PostgresRelay implements ConsoleEventRelay {
  /** Tells this instance's notifications (already delivered here) from the others'. */
  readonly origin = randomUUID();
  readonly #options: PostgresRelayOptions;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #failures = 0;
  #dropped = false;
  #stopped = false;

  constructor(options: PostgresRelayOptions) {
    this.#options = options;
  }

  /** Listens; resolves once listening, or once the first try failed (the tries go on in the background). */
  async start(): Promise<void> {
    await this.#listen();
  }

  send(event: ConsoleEvent): void {
    const notice: Notice = { origin: this.origin, name: event.name, data: event.data };
    sql`select pg_notify(${consoleEventsChannel}, ${JSON.stringify(notice)})`
      .execute(this.#options.db)
      .catch((error: unknown) => {
        this.#options.log.warn(
          { err: error },
          "console events: NOTIFY failed; other instances miss an event",
        );
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return;
    const client = this.#options.connect();
    let lost = false;
    const drop = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#client = undefined;
      void client.end().catch(() => {});
      if (this.#stopped) return;
      this.#dropped = true;
      const { backoffMs } = this.#options;
      const wait = backoffMs[Math.min(this.#failures, backoffMs.length - 1)] ?? 10_000;
      this.#failures++;
      this.#options.log.warn(
        { err: error, retryInMs: wait },
        "console events: lost the database listener; other instances' events wait until it is back",
      );
      this.#retry = setTimeout(() => void this.#listen(), wait);
      this.#retry.unref();
    };
    client.on("error", drop);
    client.on("end", () => drop());
    client.on("notification", (message) => {
      if (message.channel !== consoleEventsChannel || !message.payload) return;
      const notice = parseNotice(message.payload);
      if (notice && notice.origin !== this.origin) {
        this.#options.onEvent({ name: notice.name, data: notice.data });
      }
    });
    try {
      await client.connect();
      await client.query(`listen ${consoleEventsChannel}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (this.#stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#failures = 0;
    if (this.#dropped) {
      this.#dropped = false;
      this.#options.log.info("console events: database listener back");
      this.#options.onResync();
    }
  }
}

function parseNotice(payload: string): Notice | null {
  try {
    const parsed = JSON.parse(payload) as Partial<Notice>;
    if (
      typeof parsed.origin === "string" &&
      consoleEventNames.includes(parsed.name as ConsoleEventName) &&
      typeof parsed.data === "object" &&
      parsed.data !== null
    ) {
      return parsed as Notice;
    }
  } catch {
    // Not ours: ignored.
  }
  return null;
}
