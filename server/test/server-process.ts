// The real server (server/main.ts) as a child process, for the tests that kill it.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import type { DatabaseConfig } from "../db/database.ts";

const mainFile = join(import.meta.dirname, "..", "main.ts");

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<NodeJS.Signals | number | null>;
  /** Everything the server logged so far. */
  output(): string;
}

/**
 * The environment of a server on this test database: any free port on loopback, the API only, no rate limit, info
 * logs; `extra` adds to it or overrides it.
 */
export function serverEnv(
  config: DatabaseConfig,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: config.dataDir,
    SERVE_SITE: "off",
    RATE_LIMIT: "off",
    LOG_LEVEL: "info",
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...extra,
  };
}

/** Starts server/main.ts with exactly this environment; resolves once it listens (within startMs). */
export function startServer(
  env: Record<string, string>,
  { startMs = 15_000 }: { startMs?: number } = {},
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainFile], { env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<NodeJS.Signals | number | null>((done) =>
      child.on("exit", (code, signal) => done(signal ?? code)),
    );
    let output = "";
    let started = false;
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startMs);
    // The log keeps draining (a full pipe would stall the server).
    const collect = (chunk: Buffer) => {
      if (output.length < 200_000) output += chunk;
      if (started) return;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve({ child, url: match[1], exited, output: () => output });
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    void exited.then((how) => {
      if (!started) {
        clearTimeout(timer);
        reject(new Error(`server exited (${how}) before listening:\n${output}`));
      }
    });
  });
}
