// Admin authentication: sets the one admin account up from ADMIN_EMAIL and ADMIN_PASSWORD before the server
// listens (the password is hashed and never logged) and puts the sign-in and session service on the instance.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AdminAuth, type SessionPolicy } from "../admin/auth.ts";
import type { Env } from "../env.ts";

export interface AdminAuthPluginOptions {
  env: Env;
  /** Session lifetimes (tests shorten them). */
  sessionPolicy?: SessionPolicy | undefined;
  /** The clock of session times (tests move it). */
  now?: (() => number) | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    adminAuth: AdminAuth;
  }
}

async function adminAuth(app: FastifyInstance, options: AdminAuthPluginOptions): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = options.env;
  const credentials = email && password ? { email, password } : null;
  const auth = new AdminAuth({
    accounts: app.repositories.adminAccounts,
    accountConfigured: credentials !== null,
    policy: options.sessionPolicy,
    now: options.now,
  });
  const setup = await auth.setUpAccount(credentials);
  const log = app.log.child({ component: "admin" });
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
      log.info({ email: credentials?.email }, "admin console: admin account unchanged");
      break;
    case "created":
      log.info({ email: credentials?.email }, "admin console: admin account created");
      break;
    case "updated":
      log.info(
        { email: credentials?.email },
        "admin console: admin account updated (address or password changed); its sessions were ended",
      );
  }
  app.decorate("adminAuth", auth);
}

export default fp(adminAuth, { name: "admin-auth", fastify: "5.x", dependencies: ["database"] });
