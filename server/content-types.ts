// Every request body parser the server has, in one place: which media types a scope reads and how. JSON is parsed
// once and scanned for __proto__ and constructor.prototype (refused with their own error, apart from broken JSON);
// the contact form's no-JavaScript post is read form-encoded, every field a plain string.
import { errorCodes, type FastifyInstance } from "fastify";
import { scan } from "secure-json-parse";
import { clientError, forbiddenKeyCode } from "./error-handler.ts";

const poisoning = { protoAction: "error", constructorAction: "error" } as const;

/**
 * The server's body parsers: JSON as above, no text/plain (a text/plain POST is refused with 415, never parsed).
 * Fastify's own JSON parser gives one error for broken JSON and for a forbidden key; clients are told which.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = body as string;
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

/** The scope reads form-encoded posts: every field a plain string (a repeated field keeps its last value). */
export function parseFormEncoded(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(formEncoded, { parseAs: "string", bodyLimit }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
