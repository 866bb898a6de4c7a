// Keeps the console's session while its reader uses it: a look every refreshTickMs (SPEC: 30 s); a refresh when
// the expiry is within refreshThresholdTicks looks (SPEC: 3) and the reader did something since the session was
// last known; the end (back to sign-in) when it expired or the reader has been away for the idle limit.
import { backendClient } from "../../contracts/backend-client";

export interface KnownSession {
  /** ms since the epoch. */
  expiresAt: number;
  /** The absolute limit: no refresh goes past it. */
  endsAt: number;
  idleMs: number;
}

export type KeeperAction = "wait" | "refresh" | "end";

/** What a look at the session decides. */
export function keeperAction(
  session: KnownSession,
  now: number,
  lastActivityAt: number,
  knownAt: number,
): KeeperAction {
  if (now >= session.expiresAt || now - lastActivityAt >= session.idleMs) return "end";
  const margin = backendClient.refreshTickMs * backendClient.refreshThresholdTicks;
  const refreshable = session.expiresAt < session.endsAt;
  if (session.expiresAt - now <= margin && refreshable && lastActivityAt > knownAt) {
    return "refresh";
  }
  return "wait";
}

export interface SessionKeeperOptions {
  /** Asks for a new token; resolves with the session it got, or null when it has ended. */
  refresh: () => Promise<KnownSession | null | "unreachable">;
  /** The session ended (or the reader was away too long): show the sign-in. */
  ended: () => void;
  /** A refresh got a new token. */
  refreshed?: (() => void) | undefined;
  now?: (() => number) | undefined;
}

export class SessionKeeper {
  readonly #options: SessionKeeperOptions;
  readonly #now: () => number;
  #session: KnownSession;
  #knownAt: number;
  #lastActivityAt: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #busy = false;

  constructor(session: KnownSession, options: SessionKeeperOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#session = session;
    this.#knownAt = this.#now();
    // Loading the console is using it.
    this.#lastActivityAt = this.#knownAt;
  }

  /** The reader did something (a key, a click). */
  activity(): void {
    this.#lastActivityAt = this.#now();
  }

  /** The server told the session's state again (a page's loader asked). */
  update(session: KnownSession): void {
    this.#session = session;
    this.#knownAt = this.#now();
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.#tick(), backendClient.refreshTickMs);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #tick(): Promise<void> {
    if (this.#busy) return;
    const action = keeperAction(this.#session, this.#now(), this.#lastActivityAt, this.#knownAt);
    if (action === "end") {
      this.stop();
      this.#options.ended();
      return;
    }
    if (action !== "refresh") return;
    this.#busy = true;
    try {
      const next = await this.#options.refresh();
      if (next === "unreachable") return;
      if (next === null) {
        this.stop();
        this.#options.ended();
        return;
      }
      this.update(next);
      this.#options.refreshed?.();
    } finally {
      this.#busy = false;
    }
  }
}
