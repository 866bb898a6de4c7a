// The team's sign-in and sessions: the first owner set from ADMIN_EMAIL and ADMIN_PASSWORD at start, sign-in with
// equal work for a wrong address and a wrong password, and opaque session tokens of which the database keeps
// only the SHA-256. A session carries its person's current role, read with it on every request.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { AdminAccountsRepository } from "../db/repositories/admin-accounts.ts";
import type {
  AdminSessionsRepository,
  StoredAdminSession,
} from "../db/repositories/admin-sessions.ts";
import { type DeviceCookie, deviceKey, signDevice, verifyDevice } from "./device-cookie.ts";
import {
  defaultScryptParameters,
  hashPassword,
  type ScryptParameters,
  verifyPassword,
} from "./passwords.ts";
import { looksLikeRecoveryCode, recoveryCodeHash, totpStep } from "./two-step.ts";

export interface SessionPolicy {
  /** A session unused this long has ended. */
  idleMs: number;
  /** A session this old has ended, however busy. */
  maxAgeMs: number;
  /** Its last use is written at most this often (a write per request would be wasted). */
  touchEveryMs: number;
}

/** OWASP ASVS for an application holding personal data: 30 minutes idle, 12 hours in all (ADR 17). */
export const defaultSessionPolicy: SessionPolicy = {
  idleMs: 30 * 60_000,
  maxAgeMs: 12 * 60 * 60_000,
  touchEveryMs: 60_000,
};

export interface SessionCookie {
  name: string;
  path: string;
  secure: boolean;
}

/**
 * The session cookie: over HTTPS `__Host-` prefixed (Secure, Path=/, no Domain: no subdomain or plain-http page can
 * set or replace it); on a plain-http site (SITE_URL http, not production) without Secure, sent to /admin only.
 */
export function sessionCookie(httpsOnly: boolean): SessionCookie {
  return httpsOnly
    ? { name: "__Host-bp_admin_session", path: "/", secure: true }
    : { name: "bp_admin_session", path: "/admin", secure: false };
}

const tokenBytes = 32;
/** 32 random bytes, base64url: anything else in the cookie is not looked up. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export type AccountSetup = "created" | "updated" | "unchanged" | "removed" | "none";

export interface AdminCredentials {
  email: string;
  password: string;
  /** A TOTP code or a recovery code, for an account with two-step sign-in. */
  code?: string | undefined;
}

/** Why a sign-in with the right password did not open a session: no code given, or a wrong or used one. */
export type SecondStep = "codeRequired" | "badCode";

export interface SignedIn extends ActiveSession {
  token: string;
}

/**
 * Who a session is: the stored session's person, without its times. Without two-step sign-in where an owner
 * requires it (`twoStepRequired`), the person may only set it up.
 */
export type SessionPerson = Omit<StoredAdminSession, "createdAt" | "lastSeenAt">;

export interface ActiveSession extends SessionPerson {
  tokenHash: string;
  /** When it ends unless used first (ms since the epoch): the idle limit or the absolute one, the sooner. */
  expiresAt: number;
  /** The absolute limit (ms since the epoch): sign-in time plus maxAgeMs; a refresh keeps it. */
  endsAt: number;
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * A hash no password matches, with the parameters of a real one: a sign-in with an unknown address verifies against
 * it, so it takes as long as one with a wrong password.
 */
function unmatchableHash({ N, r, p }: ScryptParameters): string {
  const random = (bytes: number) => randomBytes(bytes).toString("base64url");
  return ["scrypt", N, r, p, random(16), random(64)].join("$");
}

export class AdminAuth {
  readonly #accounts: AdminAccountsRepository;
  readonly #sessions: AdminSessionsRepository;
  readonly #policy: SessionPolicy;
  readonly #now: () => number;
  readonly #hashing: ScryptParameters;
  readonly #decoy: string;
  /** ADMIN_EMAIL and ADMIN_PASSWORD are set. */
  readonly accountConfigured: boolean;
  /** ADMIN_EMAIL in lower case (null when unset): the owner every start sets up again. */
  readonly firstOwnerEmail: string | null;
  /** The session cookie's name and attributes. */
  readonly cookie: SessionCookie;
  /** The device cookie's name and attributes. */
  readonly deviceCookie: DeviceCookie;

  constructor(options: {
    accounts: AdminAccountsRepository;
    sessions: AdminSessionsRepository;
    accountConfigured: boolean;
    firstOwnerEmail?: string | null | undefined;
    cookie: SessionCookie;
    deviceCookie: DeviceCookie;
    policy?: SessionPolicy | undefined;
    now?: (() => number) | undefined;
    /** scrypt's cost for new hashes (tests lighten it; a stored hash carries its own). */
    hashing?: ScryptParameters | undefined;
  }) {
    this.#accounts = options.accounts;
    this.#sessions = options.sessions;
    this.accountConfigured = options.accountConfigured;
    this.firstOwnerEmail = options.firstOwnerEmail?.toLowerCase() ?? null;
    this.cookie = options.cookie;
    this.deviceCookie = options.deviceCookie;
    this.#policy = options.policy ?? defaultSessionPolicy;
    this.#now = options.now ?? Date.now;
    this.#hashing = options.hashing ?? defaultScryptParameters;
    this.#decoy = unmatchableHash(this.#hashing);
  }

  /** A new password's stored form, at this server's cost. */
  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.#hashing);
  }

  get policy(): SessionPolicy {
    return this.#policy;
  }

  /** The clock of session times. */
  get now(): () => number {
    return this.#now;
  }

  /**
   * Makes ADMIN_EMAIL an owner with ADMIN_PASSWORD: created, or updated when ADMIN_PASSWORD is not the one last
   * applied (the account's sessions end then: a recovery). The rest of the team stays. Without the two variables the
   * console is off and every account and session is removed.
   */
  async setUpAccount(credentials: AdminCredentials | null): Promise<AccountSetup> {
    if (!credentials) return (await this.#accounts.removeAll()) > 0 ? "removed" : "none";
    const email = credentials.email.toLowerCase();
    let current = await this.#accounts.byEmail(email);
    if (!current) {
      const passwordHash = await this.hashPassword(credentials.password);
      if (await this.#accounts.createOwner({ id: randomUUID(), email, passwordHash })) {
        return "created";
      }
      // Another instance started at the same time and created it: judged like an account found at first.
      current = await this.#accounts.byEmail(email);
    }
    if (current?.setupHash && (await verifyPassword(credentials.password, current.setupHash))) {
      return "unchanged";
    }
    const { created } = await this.#accounts.setUpOwner({
      id: current?.id ?? randomUUID(),
      email,
      passwordHash: await this.hashPassword(credentials.password),
    });
    return created ? "created" : "updated";
  }

  /**
   * A new session when the credentials are the account's (with a valid code when it has two-step sign-in); null
   * for a wrong address or password, after the same work either way.
   */
  async signIn(credentials: AdminCredentials): Promise<SignedIn | SecondStep | null> {
    const account = this.accountConfigured
      ? await this.#accounts.byEmail(credentials.email.trim())
      : null;
    const known = account !== null;
    const matches = await verifyPassword(
      credentials.password,
      known ? account.passwordHash : this.#decoy,
    );
    if (!known || !matches) return null;
    if (account.totpSecret) {
      if (!credentials.code) return "codeRequired";
      if (!(await this.#secondStep(account.id, account.totpSecret, credentials.code)))
        return "badCode";
    }
    const token = randomBytes(tokenBytes).toString("base64url");
    const now = this.#now();
    await this.#sessions.create(tokenHash(token), account.id, now, {
      idleMs: this.#policy.idleMs,
      maxAgeMs: this.#policy.maxAgeMs,
    });
    const person: SessionPerson = {
      userId: account.id,
      email: account.email,
      name: account.name,
      role: account.role,
      twoStep: account.totpSecret !== null,
      twoStepRequired: await this.#sessions.twoStepRequired(),
    };
    return { ...this.#active(tokenHash(token), person, now, now), token };
  }

  /** A current TOTP code not used before, or one of the account's recovery codes (each works once). */
  async #secondStep(userId: string, secret: string, code: string): Promise<boolean> {
    if (looksLikeRecoveryCode(code)) {
      return this.#accounts.spendRecoveryCode(userId, recoveryCodeHash(code));
    }
    const step = totpStep(secret, code.replace(/\s/g, ""), this.#now());
    return step !== null && (await this.#accounts.claimTotpStep(userId, step));
  }

  /** A new device cookie's value for a browser that just signed in to the account with this address. */
  async newDevice(email: string): Promise<string | null> {
    const account = await this.#accounts.byEmail(email);
    return account ? signDevice(deviceKey(account.passwordHash), account.email) : null;
  }

  /**
   * The device (its nonce) a device cookie names when it is one the account with this address was given since its
   * password last changed; null otherwise (no cookie, a forged one, another account's).
   */
  async trustedDevice(value: string | undefined, email: string): Promise<string | null> {
    if (!value || !this.accountConfigured) return null;
    const account = await this.#accounts.byEmail(email);
    if (!account) return null;
    return verifyDevice(deviceKey(account.passwordHash), value, email);
  }

  /** The session of a cookie's token while it lasts (its use is recorded); an ended one is deleted. */
  async session(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || !tokenPattern.test(token)) return null;
    const hash = tokenHash(token);
    const found = await this.#live(hash);
    if (!found) return null;
    const { stored, now } = found;
    let lastSeenAt = stored.lastSeenAt;
    if (now - lastSeenAt >= this.#policy.touchEveryMs) {
      await this.#sessions.touch(hash, now);
      lastSeenAt = now;
    }
    return this.#active(hash, personOf(stored), stored.createdAt, lastSeenAt);
  }

  /**
   * Whether the session of a token hash still lasts, without recording a use: the live stream asks it at every
   * heartbeat, and an open stream alone must not keep a session from going idle.
   */
  async lasts(hash: string): Promise<boolean> {
    return (await this.#live(hash)) !== null;
  }

  /**
   * A new token for a session that lasts (null otherwise): the old token ends at once, the new one has a fresh
   * idle limit but keeps the sign-in time, so no refresh extends the session past its absolute limit.
   */
  async refresh(token: string | undefined): Promise<(ActiveSession & { token: string }) | null> {
    const session = await this.session(token);
    if (!session) return null;
    const next = randomBytes(tokenBytes).toString("base64url");
    const now = this.#now();
    const rotated = await this.#sessions.rotate(session.tokenHash, tokenHash(next), now);
    if (!rotated) return null;
    return { ...this.#active(tokenHash(next), session, rotated.createdAt, now), token: next };
  }

  /** The stored session of a hash while it lasts; an ended one is deleted. */
  async #live(hash: string) {
    const stored = await this.#sessions.find(hash);
    if (!stored) return null;
    const now = this.#now();
    if (
      now - stored.lastSeenAt >= this.#policy.idleMs ||
      now - stored.createdAt >= this.#policy.maxAgeMs
    ) {
      await this.#sessions.end(hash);
      return null;
    }
    return { stored, now };
  }

  #active(
    hash: string,
    person: SessionPerson,
    createdAt: number,
    lastSeenAt: number,
  ): ActiveSession {
    const endsAt = createdAt + this.#policy.maxAgeMs;
    return {
      userId: person.userId,
      email: person.email,
      name: person.name,
      role: person.role,
      twoStep: person.twoStep,
      twoStepRequired: person.twoStepRequired,
      tokenHash: hash,
      expiresAt: Math.min(lastSeenAt + this.#policy.idleMs, endsAt),
      endsAt,
    };
  }

  /** Ends the session of a cookie's token, if it is one. */
  async signOut(token: string | undefined): Promise<void> {
    if (token && tokenPattern.test(token)) await this.#sessions.end(tokenHash(token));
  }
}

function personOf(stored: StoredAdminSession): SessionPerson {
  return {
    userId: stored.userId,
    email: stored.email,
    name: stored.name,
    role: stored.role,
    twoStep: stored.twoStep,
    twoStepRequired: stored.twoStepRequired,
  };
}
