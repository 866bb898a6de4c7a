// Short-lived store of a no-JavaScript form post that failed validation, so the redirect back to the
// form can show the error with every entered value kept (post/redirect/get without losing data).
import { randomBytes } from "node:crypto";

export interface FormFlash {
  values: Record<string, string>;
  /** The error text, naming the field and the rule. */
  error: string;
  /** The field the error names, if any. */
  field?: string | undefined;
}

export class FormFlashStore {
  readonly #entries = new Map<string, { flash: FormFlash; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? 15 * 60_000;
    this.#maxEntries = options.maxEntries ?? 2_000;
    this.#now = options.now ?? Date.now;
  }

  /** Keeps the post and returns the token the redirect carries. */
  put(flash: FormFlash): string {
    const now = this.#now();
    for (const [token, entry] of this.#entries) {
      if (entry.expiresAt > now && this.#entries.size < this.#maxEntries) break;
      this.#entries.delete(token);
    }
    const token = randomBytes(16).toString("base64url");
    this.#entries.set(token, { flash, expiresAt: now + this.#ttlMs });
    return token;
  }

  /** The post for a token, once: a reload after it shows the empty form. */
  take(token: string): FormFlash | undefined {
    const entry = this.#entries.get(token);
    this.#entries.delete(token);
    return entry && entry.expiresAt > this.#now() ? entry.flash : undefined;
  }
}
