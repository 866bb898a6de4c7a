// What the admin routes share: the error answer and the session cookie.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminError } from "../../contracts/admin-api.ts";
import { sessionCookieName } from "./auth.ts";

export function sendAdminError(reply: FastifyReply, status: number, error: string): FastifyReply {
  const body: AdminError = { error };
  return reply.code(status).send(body);
}

/** The session cookie: only ever sent to /admin, never readable by scripts, never sent from another site. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
): void {
  reply.setCookie(sessionCookieName, token, {
    path: "/admin",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, {
    path: "/admin",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
  });
}
