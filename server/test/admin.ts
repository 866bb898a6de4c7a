// The admin API as the console calls it, for the server tests: same-origin JSON requests with the session cookie.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { adminApiPaths, adminErrors } from "../../contracts/admin-api.ts";
import type { AppOptions } from "../app.ts";
import type { AppDatabase } from "../db/database.ts";
import { parseEnv } from "../env.ts";
import { setUpAdminAccount } from "../plugins/admin-auth.ts";
import { buildTestApp, freshAddress } from "./app.ts";

export const adminCredentials = {
  email: "Team.Lead@BoothPilot.example",
  password: "correct horse battery staple",
};

export const adminEnv = {
  ADMIN_EMAIL: adminCredentials.email,
  ADMIN_PASSWORD: adminCredentials.password,
};

/** The app as server/main.ts starts it: built, then the admin account set up from the environment. */
export async function buildAdminTestApp(
  database: AppDatabase,
  env: Record<string, string> = adminEnv,
  options: Partial<Omit<AppOptions, "env" | "database">> = {},
): Promise<FastifyInstance> {
  const app = await buildTestApp(database, env, options);
  try {
    await setUpAdminAccount(app, parseEnv(env));
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/** The console's origin in the tests: SITE_URL's default. */
export const siteOrigin = "https://www.boothpilot.example";

export const sameOrigin = { origin: siteOrigin, "sec-fetch-site": "same-origin" };

export interface AdminRequest {
  method?: "GET" | "POST" | "DELETE" | "PUT";
  url: string;
  /** The session cookie's token. */
  session?: string | undefined;
  payload?: unknown;
  headers?: Record<string, string>;
  address?: string;
}

/** A request as the console sends it (state-changing ones with a JSON body and same-origin headers). */
export function adminRequest(
  app: FastifyInstance,
  request: AdminRequest,
): Promise<LightMyRequestResponse> {
  const method = request.method ?? "GET";
  const writes = method !== "GET";
  return app.inject({
    method,
    url: request.url,
    headers: {
      ...(writes ? { ...sameOrigin, "content-type": "application/json" } : {}),
      ...(request.session ? { cookie: `${app.adminAuth.cookie.name}=${request.session}` } : {}),
      ...request.headers,
    },
    ...(writes ? { payload: JSON.stringify(request.payload ?? {}) } : {}),
    remoteAddress: request.address ?? freshAddress(),
  });
}

/** The session cookie a response sets (over HTTPS `__Host-bp_admin_session`, else `bp_admin_session`). */
export function sessionCookieOf(response: LightMyRequestResponse): {
  name: string;
  token: string;
  attributes: string[];
} | null {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((line) => /^(__Host-)?bp_admin_session=/.test(line));
  if (!cookie) return null;
  const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
  const [name = "", token = ""] = pair.split("=");
  return { name, token, attributes };
}

export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; code?: string } = adminCredentials,
  address?: string,
): Promise<{ response: LightMyRequestResponse; token: string | null }> {
  const response = await adminRequest(app, {
    method: "POST",
    url: adminApiPaths.session,
    payload: credentials,
    ...(address ? { address } : {}),
  });
  return { response, token: sessionCookieOf(response)?.token ?? null };
}

/** Signs in with the test credentials; throws unless it worked. */
export async function signedIn(app: FastifyInstance): Promise<string> {
  const { response, token } = await signIn(app);
  if (response.statusCode !== 200 || !token) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return token;
}

/** Which of the console's errors (its name in adminErrors) an answer is. */
export type AdminErrorKind = keyof typeof adminErrors;

/**
 * An answer's status and which console error it is: the tests check these, and the words of each error are pinned
 * once (console-errors.test.ts). A body that is no console error comes back whole, so a failure shows it.
 */
export function adminErrorOf(
  response: Pick<LightMyRequestResponse, "statusCode" | "body">,
): { status: number; kind: AdminErrorKind } | { status: number; body: string } {
  const status = response.statusCode;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return { status, body: response.body };
  }
  const keys = body && typeof body === "object" ? Object.keys(body) : [];
  const error = keys.length === 1 ? (body as { error?: unknown }).error : undefined;
  const kind = (Object.keys(adminErrors) as AdminErrorKind[]).find(
    (name) => adminErrors[name] === error,
  );
  return kind ? { status, kind } : { status, body: response.body };
}

/** Expects the answer to be the console error `kind` with `status`. */
export function expectAdminError(
  response: Pick<LightMyRequestResponse, "statusCode" | "body">,
  status: number,
  kind: AdminErrorKind,
): void {
  expect(adminErrorOf(response)).toEqual({ status, kind });
}
