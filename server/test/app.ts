// The app as tests build it: the real plugins on a test database, production limits unless told otherwise.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { ScryptParameters } from "../admin/passwords.ts";
import { type AppOptions, buildApp } from "../app.ts";
import type { AppDatabase } from "../db/database.ts";
import { parseEnv } from "../env.ts";

/**
 * scrypt at a 64th of production's work (N=2^10, p=1 against N=2^15, p=3): a hash in about 5 ms rather than 0.3 s.
 * The stored string names its parameters, so sign-in verifies these hashes as it verifies production's; the
 * servers tests start as processes (server-process.ts) and the browser tests keep production's cost.
 */
export const testPasswordHashing: ScryptParameters = { N: 2 ** 10, r: 8, p: 1 };

export function buildTestApp(
  database: AppDatabase,
  env: Record<string, string> = {},
  options: Partial<Omit<AppOptions, "env" | "database">> = {},
): Promise<FastifyInstance> {
  return buildApp({
    env: parseEnv(env),
    database,
    ...options,
    testing: { passwordHashing: testPasswordHashing, ...options.testing },
  });
}

let addressCounter = 0;

/** A client address not used before in this test process: its rate-limit counters start at zero. */
export function freshAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface PostOptions {
  /** The client's address: a fresh one (its rate limits at zero) unless given. */
  address?: string;
  /** The Content-Type header: application/json unless given; null sends none. */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** A POST as a script's fetch sends one: the payload as JSON (a string as it is). */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  return app.inject({
    method: "POST",
    url,
    headers: {
      ...(contentType === null ? {} : { "content-type": contentType }),
      ...options.headers,
    },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    remoteAddress: options.address ?? freshAddress(),
  });
}

/** What every error answer looks like: exactly these two keys, no stack, no internal detail. */
export function expectErrorShape(body: string): { success: boolean; error: string } {
  const parsed = JSON.parse(body) as { success: boolean; error: string };
  if (Object.keys(parsed).sort().join() !== "error,success" || parsed.success !== false) {
    throw new Error(`not an error answer: ${body}`);
  }
  if (/\bat .+:\d+|Error:|node_modules|SQLITE|relation|syntax/i.test(parsed.error)) {
    throw new Error(`error answer leaks internal detail: ${body}`);
  }
  return parsed;
}
