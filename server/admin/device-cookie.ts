// Device cookies (OWASP's defence against locking the real user out): a browser that signed in gets a cookie
// naming the account, with a random nonce, HMAC-signed; signing in from it is limited per device instead of per
// account, so guesses from elsewhere cannot hold the team out (ADR 22).
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { adminApiPaths } from "../../contracts/admin-api.ts";

export interface DeviceCookie {
  name: string;
  path: string;
  secure: boolean;
  maxAgeMs: number;
}

/**
 * Sent only to the sign-in resource. Over HTTPS `__Secure-` prefixed (only a secure page can set it; `__Host-`
 * would need Path=/); on a plain-http site without Secure, like the session cookie.
 */
export function deviceCookie(httpsOnly: boolean): DeviceCookie {
  return {
    name: httpsOnly ? "__Secure-bp_admin_device" : "bp_admin_device",
    path: adminApiPaths.session,
    secure: httpsOnly,
    // A year: long enough to outlast any attack; browsers cap a cookie at 400 days.
    maxAgeMs: 365 * 24 * 60 * 60_000,
  };
}

/**
 * The signing key of an account's device cookies, derived from its stored password hash: a secret only the
 * database holds, the same on every instance, and a new one when the password changes (its devices are
 * forgotten with it).
 */
export function deviceKey(passwordHash: string): Buffer {
  return Buffer.from(hkdfSync("sha256", passwordHash, "", "boothpilot admin device cookie", 32));
}

const signature = (key: Buffer, login: string, nonce: string) =>
  createHmac("sha256", key).update(`${login}.${nonce}`).digest();

/** A new device cookie's value for the account: `LOGIN.NONCE.SIGNATURE`, each base64url. */
export function signDevice(key: Buffer, email: string): string {
  const login = Buffer.from(email).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  return `${login}.${nonce}.${signature(key, login, nonce).toString("base64url")}`;
}

/** The nonce of a device cookie signed with the key for this account's e-mail address; null for anything else. */
export function verifyDevice(key: Buffer, value: string | undefined, email: string): string | null {
  const [login = "", nonce = "", signed = "", ...rest] = (value ?? "").split(".");
  if (rest.length > 0 || nonce === "" || Buffer.from(login, "base64url").toString() !== email) {
    return null;
  }
  const given = Buffer.from(signed, "base64url");
  const expected = signature(key, login, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
