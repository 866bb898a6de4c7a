// Two-step sign-in's pieces: TOTP (RFC 6238: SHA-1, six digits, 30-second steps, what every authenticator app
// reads) through otpauth, the setup's QR code as SVG through qrcode, the setup key in groups of four, and ten
// recovery codes of which only the SHA-256 is kept.
import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { brandName } from "../../contracts/brand.ts";

const period = 30;
const digits = 6;

function totp(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: `${brandName} console`,
    label: email,
    algorithm: "SHA1",
    digits,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** 160 random bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The key typed by hand: base32 in groups of four ("ABCD EFGH …"). */
export function setupKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function otpauthUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The otpauth URI as a QR code, an SVG document. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * The time step of a code that is valid at `at` (the step before and after count too: clocks drift, and a code
 * typed at a step's end arrives in the next); null when it is not.
 */
export function totpStep(secret: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, "").validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : TOTP.counter({ period, timestamp: at }) + delta;
}

/** The current code (tests, as an authenticator app shows it). */
export function totpCode(secret: string, at: number): string {
  return totp(secret, "").generate({ timestamp: at });
}

const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes such as "k7mq-x2pa-9hrt" (about 64 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const characters = [...bytes].map((byte) => recoveryAlphabet[byte % recoveryAlphabet.length]);
    return [0, 4, 8].map((start) => characters.slice(start, start + 4).join("")).join("-");
  });
}

/** A recovery code's stored form: case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(normalized).digest("base64url");
}

/** A recovery code as typed, rather than a TOTP code: letters in it, or more than six characters. */
export function looksLikeRecoveryCode(code: string): boolean {
  return code.replace(/[\s-]/g, "").length === 12;
}
