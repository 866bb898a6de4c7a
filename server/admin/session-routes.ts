// The session resource: GET says whether an account is configured and who is signed in, POST signs in (JSON
// e-mail and password; one generic error for any wrong credential; attempts through the console's password checks:
// limited per address and per account or, from a browser with the account's device cookie, per device, checks at
// once bounded, wrong two-step codes limited on their own with an e-mail when they lock the step; a device cookie
// given with every session), DELETE signs out, POST /session/refresh swaps the token for a new one (the old one
// ends; the absolute limit stays). Answered with or without a session.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AdminSessionState, adminErrors } from "../../contracts/admin-api.ts";
import { signInSchema } from "../../contracts/admin-requests.ts";
import { type ActiveSession, tokenHash } from "./auth.ts";
import {
  clearSessionCookie,
  sendAdminError,
  sessionToken,
  setDeviceCookie,
  setSessionCookie,
} from "./http.ts";
import { refuseCookieOverPlainHttp } from "./https-sign-in.ts";
import { addressKey, isRefused } from "./password-checks.ts";

export interface SessionRoutesOptions {
  /** The site's origin (SITE_URL): the two-step lock's e-mail points at its console. */
  siteUrl: string;
}

export default async function sessionRoutes(
  app: FastifyInstance,
  options: SessionRoutesOptions,
): Promise<void> {
  app.addHook("onRequest", refuseCookieOverPlainHttp(app));
  const checks = app.passwordChecks;
  /**
   * 429. Retry-After only when it helps the one waiting: never for the per-account limit, where it would tell a
   * guesser when the next attempt opens (they must spend their per-address attempts to find out).
   */
  const tooMany = (reply: FastifyReply, retryAfter: number | null) => {
    if (retryAfter !== null) reply.header("retry-after", String(retryAfter));
    return sendAdminError(reply, 429, adminErrors.tooManySignIns);
  };
  /** Tells the person their two-step step is locked, through the team's mail (like a link's mail). */
  const tellTwoStepLocked = async (email: string) => {
    if (!app.mailer.enabled) return;
    // A notice, not a link: its own id names it, so no later mail replaces it.
    const mail = {
      purpose: "two-step-locked" as const,
      to: email,
      link: `${options.siteUrl.replace(/\/+$/, "")}/admin/account`,
      senderName: "",
    };
    await app.repositories.outbox.enqueueTeamMail(randomUUID(), mail, app.adminAuth.now());
    app.outbox.wake();
  };
  const withoutSession = { withoutSession: true };

  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const state = (session: ActiveSession | null): AdminSessionState => ({
    accountConfigured: app.adminAuth.accountConfigured,
    signedIn: session !== null,
    email: session?.email ?? null,
    name: session?.name ?? null,
    role: session?.role ?? null,
    twoStep: session?.twoStep ?? false,
    twoStepSetupNeeded: session ? session.twoStepRequired && !session.twoStep : false,
    expiresAt: iso(session?.expiresAt),
    endsAt: iso(session?.endsAt),
    idleMs: app.adminAuth.policy.idleMs,
  });
  const now = app.adminAuth.now;

  app.get("/session", { config: withoutSession }, async (request, reply) => {
    const token = sessionToken(request);
    const session = await app.adminAuth.session(token);
    if (!session && token !== undefined) clearSessionCookie(request, reply);
    return state(session);
  });

  app.post("/session/refresh", { config: withoutSession }, async (request, reply) => {
    const token = sessionToken(request);
    const refreshed = await app.adminAuth.refresh(token);
    if (!refreshed) {
      clearSessionCookie(request, reply);
      return sendAdminError(reply, 401, adminErrors.signInRequired);
    }
    // The old token's streams end (the console opens one with the new token).
    if (token) app.consoleEvents.endSession(tokenHash(token));
    setSessionCookie(request, reply, refreshed.token, refreshed.endsAt - now());
    return state(refreshed);
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    "/session",
    {
      schema: { body: signInSchema },
      config: withoutSession,
      // Before the body is judged: without an account, no sign-in can work, whatever was sent.
      preValidation: async (_request, reply) => {
        if (!app.adminAuth.accountConfigured) {
          return sendAdminError(reply, 403, adminErrors.noAccount);
        }
      },
    },
    async (request, reply) => {
      // Counted for the address given, whether or not it is the account's: the answer tells nothing apart.
      const account = request.body.email.trim().toLowerCase();
      const device = await app.adminAuth.trustedDevice(
        request.cookies[app.adminAuth.deviceCookie.name],
        account,
      );
      // While the two-step step is locked every password is refused alike: answering after the check would tell a
      // guesser which password was right.
      if (checks.codeWait(account) > 0) return tooMany(reply, null);
      const signedIn = await checks.attempt(
        { address: addressKey(request.ip), account, device },
        () => app.adminAuth.signIn(request.body),
        // The password was right (a missing or wrong code is counted on its own).
        (result) => result !== null,
      );
      if (isRefused(signedIn)) return tooMany(reply, signedIn.retryAfter);
      if (!signedIn) return sendAdminError(reply, 401, adminErrors.badCredentials);
      // The password was right: the console asks for the code.
      if (signedIn === "codeRequired") return sendAdminError(reply, 401, adminErrors.codeRequired);
      if (signedIn === "badCode") {
        if (checks.codeWrong(account)) {
          request.log.warn("admin: two-step sign-in locked after wrong codes");
          await tellTwoStepLocked(account);
        }
        return sendAdminError(reply, 401, adminErrors.badCode);
      }
      // A session the browser still had is ended: one sign-in, one session.
      await app.adminAuth.signOut(sessionToken(request));
      setSessionCookie(request, reply, signedIn.token, app.adminAuth.policy.maxAgeMs);
      const newDevice = await app.adminAuth.newDevice(signedIn.email);
      if (newDevice) setDeviceCookie(request, reply, newDevice);
      return state(signedIn);
    },
  );

  app.delete("/session", { config: withoutSession }, async (request, reply) => {
    const token = sessionToken(request);
    await app.adminAuth.signOut(token);
    if (token) app.consoleEvents.endSession(tokenHash(token));
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
