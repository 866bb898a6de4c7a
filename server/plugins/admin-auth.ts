// Admin authentication: puts the sign-in and session service on the instance. The first owner is set up from
// ADMIN_EMAIL and ADMIN_PASSWORD by server/main.ts before it listens (setUpAdminAccount below).
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import {
  type AccountSetup,
  AdminAuth,
  type AdminCredentials,
  type SessionPolicy,
  sessionCookie,
} from "../admin/auth.ts";
import { deviceCookie } from "../admin/device-cookie.ts";
import type { ScryptParameters } from "../admin/passwords.ts";
import { type Env, servesHttpsOnly } from "../env.ts";

export interface AdminAuthPluginOptions {
  env: Env;
  /** Session lifetimes (tests shorten them). */
  sessionPolicy?: SessionPolicy | undefined;
  /** The clock of session times (tests move it). */
  now?: (() => number) | undefined;
  /** scrypt's cost for new password hashes (tests lighten it). */
  passwordHashing?: ScryptParameters | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    adminAuth: AdminAuth;
  }
}

async function adminAuth(app: FastifyInstance, options: AdminAuthPluginOptions): Promise<void> {
  const credentials = adminCredentials(options.env);
  const auth = new AdminAuth({
    accounts: app.repositories.adminAccounts,
    sessions: app.repositories.adminSessions,
    accountConfigured: credentials !== null,
    firstOwnerEmail: credentials?.email,
    cookie: sessionCookie(servesHttpsOnly(options.env)),
    deviceCookie: deviceCookie(servesHttpsOnly(options.env)),
    policy: options.sessionPolicy,
    now: options.now,
    hashing: options.passwordHashing,
  });
  app.decorate("adminAuth", auth);
}

/** The account ADMIN_EMAIL and ADMIN_PASSWORD configure (the schema makes sure they come together). */
export function adminCredentials(env: Env): AdminCredentials | null {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = env;
  return email && password ? { email, password } : null;
}

/**
 * Makes the stored admin account match the configuration (created, updated, or removed when none is configured)
 * and logs what happened, naming the address but never the password. Called at start, before listening.
 */
export async function setUpAdminAccount(app: FastifyInstance, env: Env): Promise<AccountSetup> {
  const credentials = adminCredentials(env);
  const setup = await app.adminAuth.setUpAccount(credentials);
  logAccountSetup(app.log.child({ component: "admin" }), setup, credentials?.email);
  return setup;
}

function logAccountSetup(
  log: FastifyBaseLogger,
  setup: AccountSetup,
  email: string | undefined,
): void {
  switch (setup) {
    case "none":
      log.info("admin console: no admin account configured (ADMIN_EMAIL and ADMIN_PASSWORD unset)");
      break;
    case "removed":
      log.warn(
        "admin console: ADMIN_EMAIL and ADMIN_PASSWORD are unset; the stored admin account and its sessions were removed",
      );
      break;
    case "unchanged":
      log.info({ email }, "admin console: admin account unchanged");
      break;
    case "created":
      log.info({ email }, "admin console: admin account created");
      break;
    case "updated":
      log.info(
        { email },
        "admin console: first owner recovered (ADMIN_PASSWORD changed): password reset, sessions ended, two-step sign-in off",
      );
  }
}

export default fp(adminAuth, { name: "admin-auth", fastify: "5.x", dependencies: ["database"] });
