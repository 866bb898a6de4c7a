// The one mapping of thrown errors (Fastify's codes, our own, a status) to the kind of answer a client gets. Each
// error handler (the root, /functions, /admin/api) words the kind in its own texts; none echoes the error.
import type { FastifyError } from "fastify";

export type ErrorKind =
  | "emptyBody"
  | "invalidJson"
  | "forbiddenKey"
  | "tooLarge"
  | "unsupportedMediaType"
  | "tooManyRequests"
  | "badRequest"
  | "internal";

/** A body that is valid JSON but holds __proto__ or constructor.prototype (see plugins/functions.ts). */
export const forbiddenKeyCode = "BP_ERR_FORBIDDEN_KEY";

const byCode: Readonly<Record<string, readonly [number, ErrorKind]>> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "emptyBody"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "invalidJson"],
  [forbiddenKeyCode]: [400, "forbiddenKey"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "tooLarge"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupportedMediaType"],
};

/** The status and kind of the answer to an error: client errors by kind, anything else a 500. */
export function errorAnswer(error: FastifyError): readonly [number, ErrorKind] {
  const known = error.code ? byCode[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status === 429) return [429, "tooManyRequests"];
  if (status >= 400 && status < 500) return [status, "badRequest"];
  return [500, "internal"];
}
