// The server's log destination: pino's own (SonicBoom) writing to stdout in chunks of at least 8 KiB (or every
// 250 ms) instead of one write per line, which under load cost more than a request's own work. Error and fatal lines
// are written at once with what came before them, and the rest at exit. On a crash (kill -9) lower-level lines still buffered may be
// lost, never data: writes are committed before they are answered.
import type { FastifyServerOptions } from "fastify";
import pino, { type Level } from "pino";

/** pino's number of the error level: lines at it or above are written at once. */
const errorLevel = 50;

export function serverLogger(
  level: Level | "silent",
  destination = pino.destination({ dest: 1, minLength: 8 * 1024, sync: false }),
  flushEveryMs = 250,
): NonNullable<FastifyServerOptions["logger"]> & { stream: pino.DestinationStream } {
  process.once("exit", () => destination.flushSync());
  // A quiet server's lines do not wait for the buffer to fill.
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      clearInterval(timer); // The destination was closed.
    }
  }, flushEveryMs);
  timer.unref();
  return {
    level,
    stream: destination,
    hooks: {
      logMethod(args, method, methodLevel) {
        method.apply(this, args);
        if (methodLevel >= errorLevel) destination.flushSync();
      },
    },
  };
}
