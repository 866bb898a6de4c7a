// Password hashing for the admin account: scrypt (node:crypto) with a random salt per hash, the parameters kept
// in the stored string so they can be raised later, and a constant-time comparison.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParameters {
  /** CPU and memory cost (a power of two). */
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt settings of equal strength to N=2^17, r=8, p=1, with a quarter of the memory (32 MiB rather
 * than 128 MiB per hash): scrypt runs on libuv's small thread pool, which also serves the site's files.
 */
export const defaultScryptParameters: ScryptParameters = { N: 2 ** 15, r: 8, p: 3 };

const keyLength = 64;
const saltLength = 16;
const prefix = "scrypt";

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = {
    ...parameters,
    // Node's default ceiling (32 MiB) is just below what N=2^15, r=8 needs (128 * N * r bytes).
    maxmem: 256 * parameters.N * parameters.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "scrypt$N$r$p$salt$key" (salt and key base64url). */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = defaultScryptParameters,
): Promise<string> {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, parameters);
  return [
    prefix,
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

function parse(stored: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== prefix) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  if (salt.length === 0 || key.length !== keyLength) return null;
  return { parameters: { N, r, p }, salt, key };
}

/** True when the password is the one hashed; an unreadable hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.parameters);
  return timingSafeEqual(key, parsed.key);
}
