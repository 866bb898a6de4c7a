// The console's end of the live stream: one EventSource, opened again after SPEC's back-off (1, 2, 5, then every
// 10 s) when it drops, with its state for the header ("Live", or "Reconnecting in N s").
import { backendClient } from "../../contracts/backend-client";
import {
  type ConsoleEventData,
  type ConsoleEventName,
  consoleEventNames,
} from "../../contracts/console-events";

export type LiveState =
  | { kind: "connecting" }
  | { kind: "live" }
  | { kind: "reconnecting"; inSeconds: number };

/** The part of the browser's EventSource used here (tests pass their own). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  url: string;
  onEvent: <Name extends ConsoleEventName>(name: Name, data: ConsoleEventData[Name]) => void;
  onState: (state: LiveState) => void;
  /** The stream dropped (the server stopped, or the session ended). */
  onDrop?: (() => void) | undefined;
  /**
   * The stream is open, the first time or again: what changed before (while the page's data loaded, or during a
   * drop or a restart) was announced to nobody here.
   */
  onOpen?: (() => void) | undefined;
  createEventSource?: ((url: string) => EventSourceLike) | undefined;
  backoffMs?: readonly number[] | undefined;
}

/** The wait before the n-th try (from 0) after a drop: the back-off's steps, its last one repeated. */
export function reconnectDelayMs(
  attempt: number,
  backoffMs: readonly number[] = backendClient.reconnectBackoffMs,
): number {
  return backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 0;
}

export class LiveConnection {
  readonly #options: LiveConnectionOptions;
  #source: EventSourceLike | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  /** Tries since the stream was last open. */
  #attempt = 0;
  #stopped = false;

  constructor(options: LiveConnectionOptions) {
    this.#options = options;
  }

  start(): void {
    this.#stopped = false;
    this.#options.onState({ kind: "connecting" });
    this.#open();
  }

  /** Opens the stream again at once (after a session refresh, whose new cookie the old stream does not carry). */
  restart(): void {
    if (this.#stopped) return;
    clearTimeout(this.#retry);
    this.#source?.close();
    this.#open();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
    this.#source?.close();
    this.#source = undefined;
  }

  #open(): void {
    const { url, createEventSource = (to) => new EventSource(to) } = this.#options;
    const source = createEventSource(url);
    this.#source = source;
    source.onopen = () => {
      this.#attempt = 0;
      this.#options.onState({ kind: "live" });
      this.#options.onOpen?.();
    };
    // The browser's own retry (one fixed delay) is replaced by the back-off.
    source.onerror = () => {
      if (this.#source !== source) return;
      source.close();
      this.#source = undefined;
      if (this.#stopped) return;
      const wait = reconnectDelayMs(this.#attempt, this.#options.backoffMs);
      this.#attempt++;
      this.#options.onState({ kind: "reconnecting", inSeconds: Math.round(wait / 1000) });
      this.#options.onDrop?.();
      this.#retry = setTimeout(() => this.#open(), wait);
    };
    for (const name of consoleEventNames) {
      source.addEventListener(name, (event) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        this.#options.onEvent(name, data as ConsoleEventData[typeof name]);
      });
    }
  }
}
