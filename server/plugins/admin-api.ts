// The /admin/api scope: what every admin API answer shares. JSON only, never cached, state-changing requests only
// from the console's own origin (CSRF), a valid session for everything but the session resource itself, and
// errors (the server's one error handler) as {"error": "..."}. Every route with a session names the permission it
// needs (reads need "read" unless they say otherwise); the session's role is checked against it on every request.
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { adminErrors } from "../../contracts/admin-api.ts";
import { may, type Permission, teamErrors } from "../../contracts/team.ts";
import analyticsBreakdownRoutes from "../admin/analytics-breakdown-routes.ts";
import analyticsRoutes from "../admin/analytics-routes.ts";
import type { ActiveSession } from "../admin/auth.ts";
import eventsRoute from "../admin/events-route.ts";
import { clearSessionCookie, sendAdminError, sessionToken } from "../admin/http.ts";
import inboxRoutes from "../admin/inbox-routes.ts";
import { PasswordChecks } from "../admin/password-checks.ts";
import { type ReportLimits, reportLimiter } from "../admin/report-limits.ts";
import { comesFromOwnOrigin } from "../admin/same-origin.ts";
import sessionRoutes from "../admin/session-routes.ts";
import type { SignInLimits } from "../admin/sign-in-limiter.ts";
import teamRoutes from "../admin/team-routes.ts";
import twoStepRoutes from "../admin/two-step-routes.ts";

export interface AdminApiPluginOptions {
  /** The site's origin (SITE_URL): accepted as Origin besides the origin the request reached. */
  siteUrl: string;
  /** Failed sign-ins allowed per address and per account (always on, whatever RATE_LIMIT says: see ADR 10). */
  signInLimits?: SignInLimits | undefined;
  /** The clock of the sign-in limits (tests move it). */
  now?: (() => number) | undefined;
  /** Reports and exports per person and at once (tests lower them). */
  reportLimits?: ReportLimits | undefined;
  /** Password checks wait for it before they run (tests hold them to look at the bound on checks at once). */
  passwordChecksHeld?: (() => Promise<void>) | undefined;
  /** Told each route as it is registered (tests). */
  onRoute?: ((route: AdminRouteInfo) => void) | undefined;
}

export interface AdminRouteInfo {
  methods: string[];
  url: string;
  /** null: answered without a session. */
  permission: Permission | null;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answered without a session (the session resource: asking for one, signing in and out). */
    withoutSession?: boolean;
    /** What the route needs of the session's role; GET routes default to "read", others must say. */
    permission?: Permission;
    /** Open to a person who must set up two-step sign-in before anything else. */
    twoStepSetup?: boolean;
  }
  interface FastifyInstance {
    /** The limits and the bound every password check of the console goes through. */
    passwordChecks: PasswordChecks;
  }
  interface FastifyRequest {
    /** The admin session of this request (set on every admin route that needs one). */
    adminSession: ActiveSession | null;
  }
}

/** Admin request bodies are small: a sign-in or a new password at most. */
export const maxAdminBodyBytes = 4 * 1024;

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function mediaType(request: FastifyRequest): string | undefined {
  return request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
}

async function adminApi(app: FastifyInstance, options: AdminApiPluginOptions): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("adminSession", null);
  app.decorate(
    "passwordChecks",
    new PasswordChecks(options.signInLimits, options.now, options.passwordChecksHeld),
  );
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= maxAdminBodyBytes;
    route.config = { ...route.config, errorFamily: "admin" };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config.withoutSession && !route.config.permission) {
      // A route that changes something and forgot to say who may do it would be open to every role: refused.
      if (!methods.every((method) => method === "GET" || method === "HEAD")) {
        throw new Error(`admin route ${methods.join()} ${route.url} names no permission`);
      }
      route.config.permission = "read";
    }
    options.onRoute?.({
      methods,
      url: route.url,
      permission: route.config.withoutSession ? null : (route.config.permission ?? null),
    });
  });

  app.addHook("onRequest", async (request, reply) => {
    if (!stateChanging.has(request.method)) return;
    if (!comesFromOwnOrigin(request, options.siteUrl)) {
      return sendAdminError(reply, 403, adminErrors.crossOrigin);
    }
    // A cross-site form cannot send application/json without a CORS preflight, which this server never allows.
    if (mediaType(request) !== "application/json") {
      return sendAdminError(reply, 415, adminErrors.jsonOnly);
    }
  });

  const reports = reportLimiter(app, options.reportLimits);
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.withoutSession) return;
    const session = await app.adminAuth.session(sessionToken(request));
    if (!session) {
      if (sessionToken(request) !== undefined) clearSessionCookie(request, reply);
      return sendAdminError(reply, 401, adminErrors.signInRequired);
    }
    request.adminSession = session;
    const { permission: needed = "read", twoStepSetup } = request.routeOptions.config;
    if (session.twoStepRequired && !session.twoStep && !twoStepSetup) {
      return sendAdminError(reply, 403, adminErrors.twoStepSetupNeeded);
    }
    if (!may(session.role, needed)) return sendAdminError(reply, 403, teamErrors.forbidden);
    return reports.begin(request, reply);
  });
  app.addHook("onResponse", async (request) => reports.end(request));
  app.addHook("onRequestAbort", async (request) => reports.end(request));

  app.addHook("onSend", async (_request, reply) => {
    // Inbox contents and session state must not be kept by the browser or any cache on the way.
    reply.header("cache-control", "no-store");
  });

  await app.register(sessionRoutes, { siteUrl: options.siteUrl });
  await app.register(inboxRoutes);
  await app.register(analyticsRoutes);
  await app.register(analyticsBreakdownRoutes);
  await app.register(eventsRoute);
  await app.register(teamRoutes, { siteUrl: options.siteUrl });
  await app.register(twoStepRoutes);

  // Unknown admin API paths answer JSON 404, not the console's HTML (which serves /admin/*).
  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    config: { withoutSession: true },
    handler: (_request, reply) => sendAdminError(reply, 404, adminErrors.notFound),
  });
}

export default fp(adminApi, {
  name: "admin-api",
  fastify: "5.x",
  encapsulate: true,
  dependencies: [
    "security-headers",
    "database",
    "mailer",
    "admin-auth",
    "console-events",
    "rollup-worker",
  ],
});
