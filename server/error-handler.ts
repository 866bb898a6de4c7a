// The server's one error handler: every thrown error (Fastify's own, a refused schema, ours) becomes a fixed answer
// in the body shape of the route's family, the functions' {"success": false, "error"} or the console's {"error"}.
// Client errors say what was wrong (a schema's first message); 5xx details stay in the log. A database that is
// away or full is a 503 with Retry-After and the body of a 500 (db/unavailable.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type AdminError, adminErrors } from "../contracts/admin-api.ts";
import {
  type FunctionResult,
  firstErrorText,
  requestErrors,
} from "../contracts/function-result.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Whose wording and body shape this route's errors take (the functions' unless the scope says otherwise). */
    errorFamily?: ErrorFamily;
    /** The error text of a 500 answer from this route (a function's own "could not …" sentence). */
    failureText?: string;
    /** The status of a refused request on this route, when not 400 (an unknown action is a 404). */
    invalidStatus?: number;
  }
}

export type ErrorFamily = "functions" | "admin";

type ErrorKind =
  | "emptyBody"
  | "invalidJson"
  | "forbiddenKey"
  | "notUtf8"
  | "tooLarge"
  | "unsupportedMediaType"
  | "unsupportedCharset"
  | "unsupportedContentEncoding"
  | "tooManyRequests"
  | "badRequest"
  | "internal";

/** A body that is valid JSON but holds __proto__ or constructor.prototype (see content-types.ts). */
export const forbiddenKeyCode = "BP_ERR_FORBIDDEN_KEY";

/** Retry-After of an answer refused because the database is away or full (readiness tells a balancer sooner). */
export const databaseRetryAfterSeconds = 30;

/** A body whose bytes (or form escapes) are not UTF-8 (see content-types.ts). */
export const notUtf8Code = "BP_ERR_BODY_NOT_UTF8";
/** A body in a charset other than UTF-8. */
export const unsupportedCharsetCode = "BP_ERR_UNSUPPORTED_CHARSET";
/** A body with a content coding (gzip, say): the server reads none. */
export const contentEncodingCode = "BP_ERR_CONTENT_ENCODING";

/** An error this handler answers by its code: thrown by parsers and hooks that refuse a request. */
export function clientError(code: string, statusCode: number): FastifyError {
  return Object.assign(new Error(code), { code, statusCode, name: "ClientError" });
}

const byCode: Readonly<Record<string, readonly [number, ErrorKind]>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "emptyBody"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "invalidJson"],
  [forbiddenKeyCode]: [400, "forbiddenKey"],
  [notUtf8Code]: [400, "notUtf8"],
  [unsupportedCharsetCode]: [415, "unsupportedCharset"],
  [contentEncodingCode]: [415, "unsupportedContentEncoding"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "tooLarge"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupportedMediaType"],
};

/** The status and kind of the answer to an error: client errors by kind, anything else a 500. */
function errorAnswer(error: FastifyError): readonly [number, ErrorKind] {
  const known = error.code ? byCode[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status === 429) return [429, "tooManyRequests"];
  if (status >= 400 && status < 500) return [status, "badRequest"];
  // Not a fault of this code: the client may try again, and can tell the two apart.
  if (isDatabaseUnavailable(error)) return [503, "internal"];
  return [500, "internal"];
}

/** The console's wording of each kind. */
const adminTexts: Readonly<Record<ErrorKind, string>> = {
  emptyBody: adminErrors.invalidJson,
  invalidJson: adminErrors.invalidJson,
  forbiddenKey: adminErrors.invalidJson,
  notUtf8: adminErrors.invalidJson,
  tooLarge: adminErrors.tooLarge,
  unsupportedMediaType: adminErrors.jsonOnly,
  unsupportedCharset: adminErrors.jsonOnly,
  unsupportedContentEncoding: adminErrors.jsonOnly,
  tooManyRequests: adminErrors.badRequest,
  badRequest: adminErrors.badRequest,
  internal: adminErrors.internal,
};

/** The issues of a refused schema as the contracts word them (the path from the validator's instance path). */
export function validationIssues(
  error: unknown,
): { path: readonly PropertyKey[]; message: string }[] | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  return error.validation.map((entry) => ({
    path: entry.instancePath.split("/").filter((part) => part !== ""),
    message: entry.message ?? requestErrors.badRequest,
  }));
}

/** An error answer in the family's body shape. */
export function sendErrorAnswer(
  reply: FastifyReply,
  family: ErrorFamily,
  status: number,
  text: string,
): FastifyReply {
  const body: FunctionResult | AdminError =
    family === "admin" ? { error: text } : { success: false, error: text };
  return reply.code(status).send(body);
}

function familyOf(request: FastifyRequest): ErrorFamily {
  return request.routeOptions.config.errorFamily ?? "functions";
}

export function setErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const family = familyOf(request);
    const { failureText, invalidStatus } = request.routeOptions.config;
    const issues = validationIssues(error);
    if (issues)
      return sendErrorAnswer(reply, family, invalidStatus ?? 400, firstErrorText({ issues }));
    const [status, kind] = errorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    // RFC 7694: a 415 for a content coding says which codings are read (none but identity).
    if (kind === "unsupportedContentEncoding") reply.header("accept-encoding", "identity");
    if (status === 503) reply.header("retry-after", String(databaseRetryAfterSeconds));
    const text =
      family === "admin"
        ? adminTexts[kind]
        : kind === "internal"
          ? (failureText ?? requestErrors.internal)
          : requestErrors[kind];
    return sendErrorAnswer(reply, family, status, text);
  });
}
