// Which database errors mean "the database is away or full" rather than a bug: the answer to the request is then
// 503 with Retry-After (error-handler.ts), so a client or a balancer can tell an outage from a fault and try again.

/** SQLite primary result codes of a database that cannot take the write now: BUSY, IOERR, FULL, CANTOPEN. */
const sqliteUnavailable = new Set([5, 10, 13, 14]);

/**
 * PostgreSQL SQLSTATEs of a server that is away or out of room: connection exceptions (08), insufficient resources
 * (53: disk full, out of memory, too many connections), shutting down or starting (57P01-57P03), an I/O error
 * (58030).
 */
function postgresUnavailable(state: string): boolean {
  return (
    state.startsWith("08") ||
    state.startsWith("53") ||
    ["57P01", "57P02", "57P03", "58030"].includes(state)
  );
}

/** Errors of the socket to PostgreSQL (node-postgres passes them on as they are). */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/** node-postgres's own words for a connection it lost or could not get (its errors carry no code). */
const lostConnection =
  /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") {
    // Extended result codes keep the primary one in their low byte (SQLITE_IOERR_WRITE is 778, say).
    return sqliteUnavailable.has(errcode & 0xff);
  }
  if (typeof code === "string") {
    if (/^[0-9A-Z]{5}$/.test(code) && postgresUnavailable(code)) return true;
    if (socketCodes.has(code)) return true;
  }
  return typeof message === "string" && lostConnection.test(message);
}
