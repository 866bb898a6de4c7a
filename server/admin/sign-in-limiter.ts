// Sign-in attempts per key (a client address, an account's e-mail address, or a trusted device): at most
// `maxAttempts` unsuccessful ones in a window, counted from the first; past that, either none until the window ends
// (per address, per device) or one every `thenEveryMs` (per account, so the team can still sign in while someone
// guesses). Every attempt counts when it starts (so parallel guesses count too) and a successful one is given back.
// In memory, per instance, like the other rate limits (password-checks.ts puts them together). @fastify/rate-limit's stores cannot give an attempt back nor
// allow one a minute past the limit.

export interface SignInLimits {
  /** Per client address: 10 failed sign-ins in 15 minutes. */
  perAddress: { maxAttempts: number; windowMs: number };
  /**
   * Per account (whether or not it exists), for a browser without the account's device cookie: after 10 failures
   * in 15 minutes, one attempt a minute.
   */
  perAccount: { maxAttempts: number; windowMs: number; thenEveryMs: number };
  /** Per device cookie (a browser that signed in before; exempt from the per-account limit): 10 in 15 minutes. */
  perDevice: { maxAttempts: number; windowMs: number };
  /** Wrong two-step codes per account after a right password: 5 in 15 minutes, then none until the window ends. */
  twoStep: { maxAttempts: number; windowMs: number };
  /** Password checks (scrypt, 32 MiB each on the thread pool) running at once; more are refused, never queued. */
  maxConcurrentChecks: number;
  /** Keys each limit remembers at most (see SignInLimiter). */
  maxKeys: number;
}

export const defaultSignInLimits: SignInLimits = {
  perAddress: { maxAttempts: 10, windowMs: 15 * 60_000 },
  perAccount: { maxAttempts: 10, windowMs: 15 * 60_000, thenEveryMs: 60_000 },
  perDevice: { maxAttempts: 10, windowMs: 15 * 60_000 },
  twoStep: { maxAttempts: 5, windowMs: 15 * 60_000 },
  maxConcurrentChecks: 2,
  maxKeys: 10_000,
};

interface Window {
  attempts: number;
  endsAt: number;
  lastAttemptAt: number;
  /** The lock was reported (lockReached). */
  reported: boolean;
}

/**
 * One limit's windows. At most `maxKeys` are remembered: ended windows make way first, then the oldest that are not
 * locked; a locked window is never dropped (flooding with new keys must not reset a lock). When every one is locked,
 * a new key's attempt goes ahead without a window: refusing it would lock everyone out (OWASP: lockout as a denial
 * of service), and every attempt that goes ahead is a password check, which the bound on checks at once keeps
 * far below the rate that fills a table within a window.
 */
export class SignInLimiter {
  readonly #limits: { maxAttempts: number; windowMs: number; thenEveryMs?: number };
  readonly #maxKeys: number;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();

  constructor(
    limits: { maxAttempts: number; windowMs: number; thenEveryMs?: number },
    maxKeys: number,
    now: () => number = Date.now,
  ) {
    this.#limits = limits;
    this.#maxKeys = maxKeys;
    this.#now = now;
  }

  /**
   * Counts an attempt for the key; returns 0 when it may go ahead, else the seconds until the key may try again
   * (the attempt is then not counted).
   */
  begin(key: string): number {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (window && window.endsAt <= now) {
      this.#windows.delete(key);
      window = undefined;
    }
    if (!window) {
      if (!this.#makeRoom(now)) return 0;
      window = {
        attempts: 0,
        endsAt: now + this.#limits.windowMs,
        lastAttemptAt: 0,
        reported: false,
      };
      this.#windows.set(key, window);
    }
    const wait = this.#wait(window, now);
    if (wait > 0) return wait;
    window.attempts++;
    window.lastAttemptAt = now;
    return 0;
  }

  /** The seconds until the key may try again (0: now), without counting an attempt. */
  waitFor(key: string): number {
    const window = this.#windows.get(key);
    return window ? this.#wait(window, this.#now()) : 0;
  }

  #wait(window: Window, now: number): number {
    if (window.endsAt <= now || window.attempts < this.#limits.maxAttempts) return 0;
    const every = this.#limits.thenEveryMs;
    const nextAt =
      every === undefined ? window.endsAt : Math.min(window.endsAt, window.lastAttemptAt + every);
    return nextAt > now ? Math.max(1, Math.ceil((nextAt - now) / 1000)) : 0;
  }

  /** The attempt succeeded: it does not count against the key. */
  succeeded(key: string): void {
    const window = this.#windows.get(key);
    if (window && window.attempts > 0) window.attempts--;
  }

  /** True once for a key whose attempts reached the limit (the window that just locked). */
  lockReached(key: string): boolean {
    const window = this.#windows.get(key);
    if (!window || window.reported || window.attempts < this.#limits.maxAttempts) return false;
    window.reported = true;
    return true;
  }

  /** Makes room for a new window; false when every remembered window is locked. */
  #makeRoom(now: number): boolean {
    if (this.#windows.size < this.#maxKeys) return true;
    for (const [key, window] of this.#windows) {
      if (window.endsAt <= now) this.#windows.delete(key);
    }
    // Still full: the oldest unlocked windows (Map keeps insertion order) make way.
    for (const [key, window] of this.#windows) {
      if (this.#windows.size < this.#maxKeys) break;
      if (window.attempts < this.#limits.maxAttempts) this.#windows.delete(key);
    }
    return this.#windows.size < this.#maxKeys;
  }
}
