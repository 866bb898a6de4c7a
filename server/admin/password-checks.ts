// Every password check of the console (signing in, changing one's password, turning two-step sign-in off) and every
// new password hashed goes through one guard: the sign-in limits per client address and per account (per device for
// a browser with the account's device cookie), one bound on scrypt runs at once across all routes (more are refused,
// never queued), and the two-step step's own limit on wrong codes. Attempts are counted once the body is read.
import { normalizeIP } from "@fastify/rate-limit";
import { defaultSignInLimits, SignInLimiter, type SignInLimits } from "./sign-in-limiter.ts";

/** Why an attempt was refused: the seconds to wait, or null when telling them would help a guesser. */
export interface Refused {
  refused: true;
  retryAfter: number | null;
}

export interface CheckerOf {
  /** The client address's key (an IPv6 /64 as one). */
  address: string;
  /** The account's e-mail address in lower case (whether or not it exists). */
  account: string;
  /** The trusted device (its nonce) the request's device cookie names, if any. */
  device?: string | null | undefined;
}

/** A client address's key: an IPv6 client by its /64, as the functions' limits key it (one host usually has it all). */
export function addressKey(ip: string): string {
  return normalizeIP(ip);
}

export class PasswordChecks {
  readonly #limits: SignInLimits;
  readonly #byAddress: SignInLimiter;
  readonly #byAccount: SignInLimiter;
  readonly #byDevice: SignInLimiter;
  readonly #byTwoStep: SignInLimiter;
  /** Held by tests to keep checks running while they look at the bound. */
  readonly #held: (() => Promise<void>) | undefined;
  #running = 0;

  constructor(
    limits: SignInLimits = defaultSignInLimits,
    now: () => number = Date.now,
    held?: () => Promise<void>,
  ) {
    this.#limits = limits;
    this.#byAddress = new SignInLimiter(limits.perAddress, limits.maxKeys, now);
    this.#byAccount = new SignInLimiter(limits.perAccount, limits.maxKeys, now);
    this.#byDevice = new SignInLimiter(limits.perDevice, limits.maxKeys, now);
    this.#byTwoStep = new SignInLimiter(limits.twoStep, limits.maxKeys, now);
    this.#held = held;
  }

  /** scrypt runs going on now (checks and new hashes). */
  get running(): number {
    return this.#running;
  }

  /**
   * Runs `check` (a password check) when the limits allow it; `passed` says whether the password was right, which
   * gives the attempt back. A trusted device is limited per device instead of per address and per account: a
   * browser the person signed in from before gets in whatever others guess (OWASP's device cookies).
   */
  async attempt<T>(
    who: CheckerOf,
    check: () => Promise<T>,
    passed: (result: T) => boolean,
  ): Promise<T | Refused> {
    // The bound first: a refused request leaves no window behind (new windows could push out counted ones).
    if (this.#running >= this.#limits.maxConcurrentChecks) return { refused: true, retryAfter: 1 };
    const device = who.device ?? null;
    const counted: [SignInLimiter, string][] = [];
    const give = () => {
      for (const [limiter, key] of counted) limiter.succeeded(key);
    };
    const keys: [SignInLimiter, string, boolean][] =
      device === null
        ? [
            [this.#byAddress, who.address, true],
            // Retry-After would tell a guesser when the account's next attempt opens.
            [this.#byAccount, who.account, false],
          ]
        : [[this.#byDevice, device, true]];
    for (const [limiter, key, tell] of keys) {
      const retryAfter = limiter.begin(key);
      if (retryAfter > 0) {
        give();
        return { refused: true, retryAfter: tell ? retryAfter : null };
      }
      counted.push([limiter, key]);
    }
    const result = await this.#bounded(check);
    if (passed(result)) give();
    return result;
  }

  /** Hashes a new password under the same bound; refused when it is full. */
  async hashing<T>(work: () => Promise<T>): Promise<T | Refused> {
    if (this.#running >= this.#limits.maxConcurrentChecks) return { refused: true, retryAfter: 1 };
    return this.#bounded(work);
  }

  /** The seconds until the account's two-step step opens again (0: open now). */
  codeWait(account: string): number {
    return this.#byTwoStep.waitFor(account);
  }

  /** Counts a wrong two-step code; true for the one that locked the step (the person is told, once). */
  codeWrong(account: string): boolean {
    this.#byTwoStep.begin(account);
    return this.#byTwoStep.lockReached(account);
  }

  async #bounded<T>(work: () => Promise<T>): Promise<T> {
    this.#running++;
    try {
      await this.#held?.();
      return await work();
    } finally {
      this.#running--;
    }
  }
}

export function isRefused(value: unknown): value is Refused {
  return typeof value === "object" && value !== null && (value as Refused).refused === true;
}
