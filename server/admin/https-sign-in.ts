// Refuses a sign-in the browser could not keep: with a Secure session cookie (ADR 13), a request that came over
// plain HTTP to a host that is not a loopback name would get a cookie the browser drops, and the form would come
// back without a word. It is answered 403 with a message naming HTTPS instead (ADR 46).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { adminErrors } from "../../contracts/admin-api.ts";
import { sendAdminError } from "./http.ts";

/** Hosts a browser treats as secure over plain HTTP: it keeps a Secure cookie from them. */
function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * An onRequest hook for the session routes: a POST (sign-in, refresh: both set the cookie) over plain HTTP is
 * refused when the cookie is Secure. The protocol is the request's, or X-Forwarded-Proto from a TRUST_PROXY address.
 */
export function refuseCookieOverPlainHttp(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== "POST" || !app.adminAuth.cookie.secure) return;
    if (request.protocol === "https" || isLoopbackName(request.hostname)) return;
    return sendAdminError(reply, 403, adminErrors.httpsRequired);
  };
}
