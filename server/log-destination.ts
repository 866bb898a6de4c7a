// The server's log destination: pino's own (SonicBoom) writing to stdout in chunks of at least 8 KiB (or every
// 250 ms) instead of one write per line, which under load cost more than a request's own work. Error and fatal lines
// are written at once with what came before them, and the rest at exit. On a crash (kill -9) lower-level lines still buffered may be
// lost, never data: writes are committed before they are answered. A person at a terminal reads pino-pretty's lines
// instead.
import type { FastifyServerOptions } from "fastify";
import pino, { type Level } from "pino";
import type { PrettyOptions } from "pino-pretty";

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
    // ISO 8601 (UTC) rather than epoch milliseconds: read by people, and sorted the same way.
    timestamp: pino.stdTimeFunctions.isoTime,
    stream: destination,
    hooks: {
      logMethod(args, method, methodLevel) {
        method.apply(this, args);
        if (methodLevel >= errorLevel) destination.flushSync();
      },
    },
  };
}

/**
 * Lines for a person: stdout is a terminal (`npm start` at a prompt) and this is not production, where a terminal
 * may still feed a collector that expects JSON. A pipe, a file or a service manager gets JSON.
 */
export function logsForPeople(stdout: { isTTY?: boolean }, nodeEnv: string | undefined): boolean {
  return stdout.isTTY === true && nodeEnv !== "production";
}

/** pino-pretty's options: the time of day is enough at a terminal, and pid and host are the same on every line. */
export const prettyOptions: PrettyOptions = {
  translateTime: "SYS:HH:MM:ss",
  ignore: "pid,hostname",
};

/** The server's logger as the environment calls for: pino-pretty (pino's transport) for a person, else JSON. */
export function serverLoggerFor(
  level: Level | "silent",
  stdout: { isTTY?: boolean },
  nodeEnv: string | undefined,
): NonNullable<FastifyServerOptions["logger"]> {
  if (!logsForPeople(stdout, nodeEnv)) return serverLogger(level);
  return { level, transport: { target: "pino-pretty", options: prettyOptions } };
}
