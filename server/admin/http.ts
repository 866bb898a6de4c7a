// What the admin routes share: the error answers, the session cookie and the device cookie.
import type { FastifyReply, FastifyRequest } from "fastify";
import { adminErrors } from "../../contracts/admin-api.ts";
import { sendErrorAnswer } from "../error-handler.ts";

export function sendAdminError(reply: FastifyReply, status: number, error: string): FastifyReply {
  return sendErrorAnswer(reply, "admin", status, error);
}

/** 429 for a password check the limits refused; Retry-After when it would not help a guesser (password-checks.ts). */
export function sendTooManyChecks(reply: FastifyReply, retryAfter: number | null): FastifyReply {
  if (retryAfter !== null) reply.header("retry-after", String(retryAfter));
  return sendAdminError(reply, 429, adminErrors.tooManyPasswordChecks);
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
  setCookie(reply, request.server.adminAuth.cookie, token, maxAgeMs);
}

/** The device cookie (see device-cookie.ts), with the same attributes. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  const cookie = request.server.adminAuth.deviceCookie;
  setCookie(reply, cookie, value, cookie.maxAgeMs);
}

function setCookie(
  reply: FastifyReply,
  { name, path, secure }: { name: string; path: string; secure: boolean },
  value: string,
  maxAgeMs: number,
): void {
  reply.setCookie(name, value, {
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
