// The console's live events: what changed, fanned out to the open event streams of this instance and, through a
// relay (PostgreSQL LISTEN/NOTIFY), of every other instance on the same database.
//
// To publish, call one of the functions on `app.consoleEvents` after the change is committed:
//   app.consoleEvents.messageCreated(id)  a contact message was stored
//   app.consoleEvents.messageChanged(id)  its state (read, unread, handled, spam), its e-mail, or it was deleted
// They never throw and never wait: a console that misses an event loads the page again on its next navigation.
import { PassThrough } from "node:stream";
import type { ConsoleEventData, ConsoleEventName } from "../../contracts/console-events.ts";

/** What the routes and the mail worker call. */
export interface ConsoleEventsPublisher {
  messageCreated(id: string): void;
  messageChanged(id: string): void;
}

export interface ConsoleEvent<Name extends ConsoleEventName = ConsoleEventName> {
  name: Name;
  data: ConsoleEventData[Name];
}

/** Carries this instance's events to the others and theirs back (absent on SQLite: one instance). */
export interface ConsoleEventRelay {
  send(event: ConsoleEvent): void;
}

export interface ConsoleEventHubOptions {
  /** The heartbeat comment's interval; the session and "visitors now" are looked at on the same beat. */
  heartbeatMs: number;
  /** "Visitors now": asked at most once a heartbeat for all streams together. */
  visitorsNow: () => Promise<number>;
  /** Whether a stream's session (by token hash) still lasts, without counting as a use. */
  sessionLasts: (tokenHash: string) => Promise<boolean>;
  onError: (error: unknown) => void;
  /** Streams open at once per session and per person: more are refused (defaultStreamCaps). */
  caps?: StreamCaps | undefined;
}

export interface StreamCaps {
  perSession: number;
  perPerson: number;
}

/**
 * A handful: the console opens one stream per tab and a person has a few tabs or browsers open, while each stream
 * holds a socket and memory until it ends.
 */
export const defaultStreamCaps: StreamCaps = { perSession: 4, perPerson: 8 };

interface OpenStream {
  body: PassThrough;
  tokenHash: string;
  userId: string;
}

export function encodeEvent(event: ConsoleEvent): string {
  return `event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export class ConsoleEventHub implements ConsoleEventsPublisher {
  readonly #options: ConsoleEventHubOptions;
  readonly #streams = new Set<OpenStream>();
  #relay: ConsoleEventRelay | undefined;
  #beat: NodeJS.Timeout | undefined;
  #visitors: number | undefined;
  #visitorsAsked: Promise<number> | undefined;
  #closed = false;

  constructor(options: ConsoleEventHubOptions) {
    this.#options = options;
  }

  set relay(relay: ConsoleEventRelay | undefined) {
    this.#relay = relay;
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  messageCreated(id: string): void {
    this.#publish({ name: "message", data: { id, change: "created" } });
  }

  messageChanged(id: string): void {
    this.#publish({ name: "message", data: { id, change: "changed" } });
  }

  /** An event from another instance (through the relay), or a resync after the relay lost events. */
  deliver(event: ConsoleEvent): void {
    const text = encodeEvent(event);
    for (const stream of this.#streams) stream.body.write(text);
  }

  /**
   * A new event stream for a session: it starts with the current "visitors now" and ends when the session does,
   * when the client goes, or when the hub closes. Null when the session or its person has as many open as allowed.
   */
  open(tokenHash: string, userId: string): PassThrough | null {
    const caps = this.#options.caps ?? defaultStreamCaps;
    let ofSession = 0;
    let ofPerson = 0;
    for (const open of this.#streams) {
      if (open.tokenHash === tokenHash) ofSession++;
      if (open.userId === userId) ofPerson++;
    }
    if (ofSession >= caps.perSession || ofPerson >= caps.perPerson) return null;
    const body = new PassThrough();
    if (this.#closed) {
      body.end();
      return body;
    }
    const stream = { body, tokenHash, userId };
    this.#streams.add(stream);
    body.on("close", () => {
      this.#streams.delete(stream);
      if (this.#streams.size === 0) this.#stopBeat();
    });
    // A comment first: the response starts at once (proxies and the browser see the stream open).
    body.write(": live\n\n");
    this.#startBeat();
    void this.#currentVisitors().then(
      (visitorsNow) => {
        if (!body.writableEnded)
          body.write(encodeEvent({ name: "visitors", data: { visitorsNow } }));
      },
      (error: unknown) => this.#options.onError(error),
    );
    return body;
  }

  /** Ends the streams of a session that just ended here (sign-out, refresh); other instances see it on their beat. */
  endSession(tokenHash: string): void {
    for (const stream of this.#streams) {
      if (stream.tokenHash === tokenHash) this.#end(stream);
    }
  }

  /** Ends every stream (the server is stopping) and refuses new ones. */
  close(): void {
    this.#closed = true;
    this.#stopBeat();
    for (const stream of this.#streams) this.#end(stream);
  }

  /**
   * Ends a stream and forgets it at once: its room under the caps and its memory are given back without waiting for
   * the client to read the end ("close" follows only then).
   */
  #end(stream: OpenStream): void {
    stream.body.end();
    this.#streams.delete(stream);
    if (this.#streams.size === 0) this.#stopBeat();
  }

  #publish(event: ConsoleEvent): void {
    this.deliver(event);
    this.#relay?.send(event);
  }

  #startBeat(): void {
    if (this.#beat) return;
    this.#beat = setInterval(() => void this.#heartbeat(), this.#options.heartbeatMs);
    this.#beat.unref();
  }

  #stopBeat(): void {
    clearInterval(this.#beat);
    this.#beat = undefined;
    // Nobody watches: the next stream asks afresh.
    this.#visitors = undefined;
  }

  async #heartbeat(): Promise<void> {
    for (const stream of this.#streams) stream.body.write(": heartbeat\n\n");
    try {
      await Promise.all(
        [...this.#streams].map(async (stream) => {
          if (!(await this.#options.sessionLasts(stream.tokenHash))) this.#end(stream);
        }),
      );
      const before = this.#visitors;
      this.#visitors = undefined;
      const visitorsNow = await this.#currentVisitors();
      if (visitorsNow !== before) this.deliver({ name: "visitors", data: { visitorsNow } });
    } catch (error) {
      this.#options.onError(error);
    }
  }

  /** The figure of the last beat, or one query shared by every stream that opens before there is one. */
  #currentVisitors(): Promise<number> {
    if (this.#visitors !== undefined) return Promise.resolve(this.#visitors);
    this.#visitorsAsked ??= this.#options.visitorsNow().then(
      (count) => {
        this.#visitors = count;
        this.#visitorsAsked = undefined;
        return count;
      },
      (error: unknown) => {
        this.#visitorsAsked = undefined;
        throw error;
      },
    );
    return this.#visitorsAsked;
  }
}
