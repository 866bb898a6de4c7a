// The session resource: GET says whether an account is configured and who is signed in, POST signs in (JSON
// e-mail and password; one generic error for any wrong credential; failed attempts limited per address), DELETE
// signs out. Answered with or without a session.
import type { FastifyInstance, FastifyReply } from "fastify";
import { type AdminSessionState, adminErrors } from "../../contracts/admin-api.ts";
import { signInSchema } from "../../contracts/admin-requests.ts";
import { firstErrorText } from "../../contracts/function-result.ts";
import { sessionCookieName } from "./auth.ts";
import { clearSessionCookie, sendAdminError, setSessionCookie } from "./http.ts";
import { defaultSignInLimits, SignInLimiter, type SignInLimits } from "./sign-in-limiter.ts";

export interface SessionRoutesOptions {
  signInLimits?: SignInLimits | undefined;
}

export default async function sessionRoutes(
  app: FastifyInstance,
  options: SessionRoutesOptions,
): Promise<void> {
  const limiter = new SignInLimiter(options.signInLimits ?? defaultSignInLimits);
  const withoutSession = { withoutSession: true };

  const state = (email: string | null): AdminSessionState => ({
    accountConfigured: app.adminAuth.accountConfigured,
    signedIn: email !== null,
    email,
  });

  app.get("/session", { config: withoutSession }, async (request, reply) => {
    const token = request.cookies[sessionCookieName];
    const session = await app.adminAuth.session(token);
    if (!session && token !== undefined) clearSessionCookie(request, reply);
    return state(session?.email ?? null);
  });

  app.post(
    "/session",
    {
      config: withoutSession,
      onRequest: async (request, reply: FastifyReply) => {
        const retryAfter = limiter.begin(request.ip);
        if (retryAfter > 0) {
          reply.header("retry-after", String(retryAfter));
          return sendAdminError(reply, 429, adminErrors.tooManySignIns);
        }
      },
    },
    async (request, reply) => {
      if (!app.adminAuth.accountConfigured) {
        return sendAdminError(reply, 403, adminErrors.noAccount);
      }
      const parsed = signInSchema.safeParse(request.body);
      if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
      const signedIn = await app.adminAuth.signIn(parsed.data);
      if (!signedIn) return sendAdminError(reply, 401, adminErrors.badCredentials);
      limiter.succeeded(request.ip);
      // A session the browser still had is ended: one sign-in, one session.
      await app.adminAuth.signOut(request.cookies[sessionCookieName]);
      setSessionCookie(request, reply, signedIn.token, app.adminAuth.policy.maxAgeMs);
      return state(signedIn.email);
    },
  );

  app.delete("/session", { config: withoutSession }, async (request, reply) => {
    await app.adminAuth.signOut(request.cookies[sessionCookieName]);
    clearSessionCookie(request, reply);
    return reply.code(204).send();
  });
}
