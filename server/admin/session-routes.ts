// The session resource: GET says whether an account is configured and who is signed in, POST signs in (JSON
// e-mail and password; one generic error for any wrong credential; failed attempts limited per address, and per
// account or, from a browser with the account's device cookie, per device; password checks running at once
// bounded; a device cookie given with every session), DELETE signs out, POST /session/refresh swaps the token for a
// new one (the old one ends; the absolute limit stays). Answered with or without a session.
import { normalizeIP } from "@fastify/rate-limit";
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
  app.addHook("onRequest", refuseCookieOverPlainHttp(app));
  const limits = options.signInLimits ?? defaultSignInLimits;
  const byAddress = new SignInLimiter(limits.perAddress, limits.maxKeys, options.now);
  const byAccount = new SignInLimiter(limits.perAccount, limits.maxKeys, options.now);
  const byDevice = new SignInLimiter(limits.perDevice, limits.maxKeys, options.now);
  /** An IPv6 client is keyed by its /64, as the functions' limits key it (one host usually has the whole /64). */
  const addressOf = (ip: string) => normalizeIP(ip);
  let checksRunning = 0;
  /**
   * 429. Retry-After only when it helps the one waiting: never for the per-account limit, where it would tell a
   * guesser when the next attempt opens (they must spend their per-address attempts to find out).
   */
  const tooMany = (reply: FastifyReply, retryAfter: number | null) => {
    if (retryAfter !== null) reply.header("retry-after", String(retryAfter));
    return sendAdminError(reply, 429, adminErrors.tooManySignIns);
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
      onRequest: async (request, reply: FastifyReply) => {
        const retryAfter = byAddress.begin(addressOf(request.ip));
        if (retryAfter > 0) return tooMany(reply, retryAfter);
      },
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
      // The bound first: a refused request leaves no window behind (new windows could push out counted ones).
      if (checksRunning >= limits.maxConcurrentChecks) return tooMany(reply, 1);
      const [limiter, key] = device === null ? [byAccount, account] : [byDevice, device];
      const retryAfter = limiter.begin(key);
      if (retryAfter > 0) return tooMany(reply, device === null ? null : retryAfter);
      checksRunning++;
      let signedIn: Awaited<ReturnType<typeof app.adminAuth.signIn>>;
      try {
        signedIn = await app.adminAuth.signIn(request.body);
      } finally {
        checksRunning--;
      }
      if (!signedIn) return sendAdminError(reply, 401, adminErrors.badCredentials);
      // The password was right: the console asks for the code. A wrong code counts as a failed sign-in.
      if (signedIn === "codeRequired") return sendAdminError(reply, 401, adminErrors.codeRequired);
      if (signedIn === "badCode") return sendAdminError(reply, 401, adminErrors.badCode);
      byAddress.succeeded(addressOf(request.ip));
      limiter.succeeded(key);
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
