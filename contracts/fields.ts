// Building blocks of the function payload schemas: field rules with error texts that name the field and the rule.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";

// In the browser zod must not compile parsers with `new Function`: the pages' CSP allows no eval. Set
// here, before any schema is built (zod probes eval when the first object schema is created).
if (typeof document !== "undefined") z.config({ jitless: true });

/** True if the text holds a C0 control character other than TAB, or DEL: CR, LF and NUL among them. */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

const hasNul = (value: string) => value.includes("\u0000");
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const fieldErrors = {
  required: (field: string) => `${field} is required`,
  notString: (field: string) => `${field} must be a string`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  singleLine: (field: string) =>
    `${field} must be a single line (no line breaks or control characters)`,
  nul: (field: string) => `${field} must not contain NUL characters`,
  unicode: (field: string) => `${field} must be valid Unicode text`,
  email: (field: string) => `${field} must be a valid email address`,
  httpUrl: (field: string) => `${field} must be an absolute http:// or https:// URL`,
  urlUserInfo: (field: string) =>
    `${field} must not contain a user name or password (as in http://name@host/)`,
  uuid: (field: string) => `${field} must be a UUID`,
} as const;

/**
 * The one URL rule of the payloads, the environment and the build config: `new URL` reads it, it has a host, and
 * its scheme is one of `schemes` (any scheme when none are given).
 */
export function isUrl(value: string, schemes?: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.hostname !== "" && (schemes === undefined || schemes.includes(url.protocol));
}

const httpSchemes = ["http:", "https:"];

/** True for an absolute http: or https: URL with a host (never javascript:, data:, file: ...). */
export function isHttpUrl(value: string): boolean {
  return isUrl(value, httpSchemes);
}

/** True for an http(s) origin and nothing more (a trailing slash aside): no path, query, fragment or user info. */
export function isHttpOrigin(value: string): boolean {
  return (
    isHttpUrl(value) &&
    new URL(value).origin.toLowerCase() === value.replace(/\/+$/, "").toLowerCase()
  );
}

/** A host name with at least one dot (www.example.com, example.co.uk), then a port, path, query or nothing. */
const bareHost = /^[^\s/:?#@]+\.[^\s/:?#@.]+(?::\d+)?(?:[/?#]\S*)?$/;

/**
 * The address a person means when they leave out the scheme: "www.example.com" and "example.com/shop" become
 * https://…; anything with a scheme, or not a host name, is returned as given (and then judged by isHttpUrl).
 */
export function normaliseWebsite(value: string): string {
  return bareHost.test(value) ? `https://${value}` : value;
}

/** True for a URL with a user name or password before its host: http://trusted.example@evil.example/ misleads. */
export function hasUserInfo(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== "" || url.password !== "";
  } catch {
    return false;
  }
}

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

function typeError(field: string, required: boolean) {
  return (issue: { input?: unknown }) =>
    required && (issue.input === undefined || issue.input === null)
      ? fieldErrors.required(field)
      : fieldErrors.notString(field);
}

interface TextOptions {
  max: number;
  /** Single-line fields reject CR, LF, NUL and other control characters; multi-line ones only NUL. */
  multiline?: boolean;
}

function text(field: string, options: TextOptions, required: boolean) {
  return z
    .string({ error: typeError(field, required) })
    .trim()
    .max(options.max, fieldErrors.tooLong(field, options.max))
    .refine(
      (value) => !(options.multiline ? hasNul : hasControlCharacter)(value),
      options.multiline ? fieldErrors.nul(field) : fieldErrors.singleLine(field),
    )
    .refine((value) => value.isWellFormed(), fieldErrors.unicode(field));
}

/** A required string: trimmed, non-empty, at most `max` characters. */
export function requiredText(field: string, options: TextOptions) {
  return text(field, options, true).refine(
    (value) => value.length > 0,
    fieldErrors.required(field),
  );
}

/** An optional string: absent, null or blank all mean "not given" (null). */
export function optionalText(field: string, options: TextOptions) {
  return text(field, options, false)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A required string that may be empty (a key the client always sends, possibly blank). */
export function presentText(field: string, options: TextOptions) {
  return text(field, options, true);
}

/** A required UUID (any RFC 9562 version), normalized to lower case. */
export function requiredUuid(field: string) {
  return requiredText(field, { max: 36 })
    .refine(isUuid, fieldErrors.uuid(field))
    .transform((value) => value.toLowerCase());
}

/** An optional UUID: absent, null or blank mean "not given" (null). */
export function optionalUuid(field: string) {
  return optionalText(field, { max: 36 })
    .refine((value) => value === null || isUuid(value), fieldErrors.uuid(field))
    .transform((value) => (value === null ? null : value.toLowerCase()));
}
