// Every request body parser the server has, in one place: which media types a scope reads and how. A body is read
// only as what it says it is: UTF-8 (no other charset), not compressed (no content coding), every byte valid UTF-8;
// anything else is refused with its own error and never stored with U+FFFD in place of what was sent. JSON is
// parsed once and scanned for __proto__ and constructor.prototype (refused with their own error, apart from broken
// JSON); the contact form's no-JavaScript post is read form-encoded, every field a plain string.
import { errorCodes, type FastifyInstance, type FastifyRequest } from "fastify";
import { scan } from "secure-json-parse";
import {
  clientError,
  contentEncodingCode,
  forbiddenKeyCode,
  notUtf8Code,
  unsupportedCharsetCode,
} from "./error-handler.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The charset parameter of a Content-Type header, lower case without quotes; undefined when there is none. */
function charsetOf(contentType: string): string | undefined {
  for (const parameter of contentType.split(";").slice(1)) {
    const [name = "", ...value] = parameter.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    return value
      .join("=")
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return undefined;
}

/**
 * The body as text, or the error that refuses it: a content coding (the server reads none, and one that is not
 * what it says would be stored as sent), a charset other than UTF-8, or bytes that are not UTF-8.
 */
function bodyText(request: FastifyRequest, body: Buffer): string | Error {
  const coding = request.headers["content-encoding"]?.trim().toLowerCase();
  if (coding && coding !== "identity") return clientError(contentEncodingCode, 415);
  const charset = charsetOf(request.headers["content-type"] ?? "");
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return clientError(unsupportedCharsetCode, 415);
  }
  try {
    return utf8.decode(body);
  } catch {
    return clientError(notUtf8Code, 400);
  }
}

const poisoning = { protoAction: "error", constructorAction: "error" } as const;

/**
 * The server's body parsers: JSON as above, no text/plain (a text/plain POST is refused with 415, never parsed).
 * Fastify's own JSON parser gives one error for broken JSON and for a forbidden key; clients are told which.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const text = bodyText(request, body as Buffer);
    if (text instanceof Error) return done(text, undefined);
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    try {
      // A JSON value that is not an object or array holds no keys to scan.
      if (typeof value === "object" && value !== null) scan(value, poisoning);
    } catch {
      return done(clientError(forbiddenKeyCode, 400), undefined);
    }
    done(null, value);
  });
}

export const formEncoded = "application/x-www-form-urlencoded";

/** Percent-escapes that do not spell UTF-8 (URLSearchParams would read them as U+FFFD). */
function hasBadEscapes(text: string): boolean {
  for (const [run] of text.matchAll(/(?:%[0-9a-f]{2})+/gi)) {
    const bytes = Uint8Array.from(run.slice(1).split("%"), (hex) => Number.parseInt(hex, 16));
    try {
      utf8.decode(bytes);
    } catch {
      return true;
    }
  }
  return false;
}

/** The scope reads form-encoded posts: every field a plain string (a repeated field keeps its last value). */
export function parseFormEncoded(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(formEncoded, { parseAs: "buffer", bodyLimit }, (request, body, done) => {
    const text = bodyText(request, body as Buffer);
    if (text instanceof Error) return done(text, undefined);
    if (hasBadEscapes(text)) return done(clientError(notUtf8Code, 400), undefined);
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
}
