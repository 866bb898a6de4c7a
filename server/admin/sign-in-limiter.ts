// Sign-in attempts per client address: at most `maxAttempts` unsuccessful ones in a window, counted from the first.
// Every attempt counts when it starts (so parallel guesses count too) and a successful one is given back, so the
// team signing in is never locked out by its own sign-ins. In memory, per instance, like the other rate limits.

export interface SignInLimits {
  maxAttempts: number;
  windowMs: number;
}

/** 10 failed sign-ins per address in 15 minutes. */
export const defaultSignInLimits: SignInLimits = { maxAttempts: 10, windowMs: 15 * 60_000 };

/** Addresses remembered at most; the oldest windows are dropped first beyond this. */
const maxAddresses = 10_000;

interface Window {
  attempts: number;
  endsAt: number;
}

export class SignInLimiter {
  readonly #limits: SignInLimits;
  readonly #now: () => number;
  readonly #windows = new Map<string, Window>();

  constructor(limits: SignInLimits = defaultSignInLimits, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  /**
   * Counts an attempt from the address; returns 0 when it may go ahead, else the seconds until the address may
   * try again (the attempt is then not counted).
   */
  begin(address: string): number {
    const now = this.#now();
    let window = this.#windows.get(address);
    if (window && window.endsAt <= now) {
      this.#windows.delete(address);
      window = undefined;
    }
    if (!window) {
      this.#makeRoom(now);
      window = { attempts: 0, endsAt: now + this.#limits.windowMs };
      this.#windows.set(address, window);
    }
    if (window.attempts >= this.#limits.maxAttempts) {
      return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    }
    window.attempts++;
    return 0;
  }

  /** The attempt succeeded: it does not count against the address. */
  succeeded(address: string): void {
    const window = this.#windows.get(address);
    if (window && window.attempts > 0) window.attempts--;
  }

  #makeRoom(now: number): void {
    if (this.#windows.size < maxAddresses) return;
    for (const [address, window] of this.#windows) {
      if (window.endsAt <= now) this.#windows.delete(address);
    }
    // Still full: the oldest windows (Map keeps insertion order) make way.
    for (const address of this.#windows.keys()) {
      if (this.#windows.size < maxAddresses) break;
      this.#windows.delete(address);
    }
  }
}
