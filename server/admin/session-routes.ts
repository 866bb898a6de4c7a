// The session resource: GET says whether an account is configured and who is signed in, POST signs in (JSON
// e-mail and password; one generic error for any wrong credential; failed attempts limited per address and per
// account, password checks running at once bounded), DELETE signs out, POST /session/refresh swaps the token for a
// new one (the old one ends; the absolute limit stays). Answered with or without a session.
import type { FastifyInstance, FastifyReply } from "fastify";
import { type AdminSessionState, adminErrors } from "../../contracts/admin-api.ts";
import { signInSchema } from "../../contracts/admin-requests.ts";
import { firstErrorText } from "../../contracts/function-result.ts";
import { tokenHash } from "./auth.ts";
import { clearSessionCookie, sendAdminError, sessionToken, setSessionCookie } from "./http.ts";
import { defaultSignInLimits, SignInLimiter, type SignInLimits } from "./sign-in-limiter.ts";

export interface SessionRoutesOptions {
  signInLimits?: SignInLimits | undefined;
  /** The clock of the sign-in limits (tests move it). */
  now?: (() => number) | undefined;
}

export default async function sessionRoutes(
  app: FastifyInstance,
  options: SessionRoutesOptions,
): Promise<void> {
  const limits = options.signInLimits ?? defaultSignInLimits;
  const byAddress = new SignInLimiter(limits.perAddress, options.now);
  const byAccount = new SignInLimiter(limits.perAccount, options.now);
  let checksRunning = 0;
  const tooMany = (reply: FastifyReply, retryAfter: number) => {
    reply.header("retry-after", String(retryAfter));
    return sendAdminError(reply, 429, adminErrors.tooManySignIns);
  };
  const withoutSession = { withoutSession: true };

  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const state = (
    session: { email: string; expiresAt: number; endsAt: number } | null,
  ): AdminSessionState => ({
    accountConfigured: app.adminAuth.accountConfigured,
    signedIn: session !== null,
    email: session?.email ?? null,
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

  app.post(
    "/session",
    {
      config: withoutSession,
      onRequest: async (request, reply: FastifyReply) => {
        const retryAfter = byAddress.begin(request.ip);
        if (retryAfter > 0) return tooMany(reply, retryAfter);
      },
    },
    async (request, reply) => {
      if (!app.adminAuth.accountConfigured) {
        return sendAdminError(reply, 403, adminErrors.noAccount);
      }
      const parsed = signInSchema.safeParse(request.body);
      if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
      // Counted for the address given, whether or not it is the account's: the answer tells nothing apart.
      const account = parsed.data.email.trim().toLowerCase();
      const retryAfter = byAccount.begin(account);
      if (retryAfter > 0) return tooMany(reply, retryAfter);
      if (checksRunning >= limits.maxConcurrentChecks) {
        byAccount.succeeded(account);
        return tooMany(reply, 1);
      }
      checksRunning++;
      let signedIn: Awaited<ReturnType<typeof app.adminAuth.signIn>>;
      try {
        signedIn = await app.adminAuth.signIn(parsed.data);
      } finally {
        checksRunning--;
      }
      if (!signedIn) return sendAdminError(reply, 401, adminErrors.badCredentials);
      byAddress.succeeded(request.ip);
      byAccount.succeeded(account);
      // A session the browser still had is ended: one sign-in, one session.
      await app.adminAuth.signOut(sessionToken(request));
      setSessionCookie(request, reply, signedIn.token, app.adminAuth.policy.maxAgeMs);
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
