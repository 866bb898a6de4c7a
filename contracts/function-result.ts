// The wire shape every server function answers with, and the error texts not tied to one field.
// Shared by the browser and the server: no Node-only imports here.
export type FunctionResult = { success: true } | { success: false; error: string };

/** Largest request body a server function accepts (413 above it). */
export const maxFunctionBodyBytes = 32 * 1024;

export const requestErrors = {
  notObject: "Request body must be a JSON object",
  emptyBody: "Request body is empty",
  invalidJson: "Request body is not valid JSON",
  forbiddenKey: "Request body must not contain __proto__ or constructor.prototype keys",
  notUtf8: "Request body is not valid UTF-8",
  tooLarge: "Request body must be at most 32 KiB",
  unsupportedMediaType: "Content-Type must be application/json",
  unsupportedCharset: "Request body must be UTF-8: leave out the charset or set charset=utf-8",
  unsupportedContentEncoding: "Content-Encoding is not supported: send the body uncompressed",
  tooManyRequests: "Too many requests: please try again later",
  notFound: "Not found",
  methodNotAllowed: "Method not allowed: use POST",
  badRequest: "Bad request",
  headersTooLarge: "Request headers are too large",
  timeout: "Request timed out",
  internal: "Internal server error",
} as const;

const maxEchoedKeyLength = 64;

/** Error option of a strict object schema: names unknown keys, or says the body is not an object. */
export function objectError(issue: { code?: string; keys?: string[] }): string {
  if (issue.code === "unrecognized_keys" && issue.keys) {
    const keys = issue.keys.map((key) =>
      key.length > maxEchoedKeyLength ? `${key.slice(0, maxEchoedKeyLength)}…` : key,
    );
    return `${keys.length === 1 ? "Unknown field" : "Unknown fields"}: ${keys.join(", ")}`;
  }
  return requestErrors.notObject;
}

/** The one error text an answer carries: a body-level problem first, else the first field's (a zod error's issues). */
export function firstErrorText(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issues = error.issues;
  const bodyLevel = issues.find((issue) => issue.path.length === 0);
  return (bodyLevel ?? issues[0])?.message ?? requestErrors.badRequest;
}
