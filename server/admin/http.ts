// What the admin routes share: the error answer and the session cookie.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminError } from "../../contracts/admin-api.ts";

export function sendAdminError(reply: FastifyReply, status: number, error: string): FastifyReply {
  const body: AdminError = { error };
  return reply.code(status).send(body);
}

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.adminAuth.cookie.name];
}

/** The session cookie: never readable by scripts, never sent from another site (name and path: see auth.ts). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
): void {
  const { name, path, secure } = request.server.adminAuth.cookie;
  reply.setCookie(name, token, {
    path,
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const { name, path, secure } = request.server.adminAuth.cookie;
  reply.clearCookie(name, { path, httpOnly: true, sameSite: "strict", secure });
}
