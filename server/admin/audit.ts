// What the admin routes share to keep the record of who did what: how a person is named, the signed-in actor of a
// request, recording an action now (on the sessions' clock), and an entry as the API answers it.
import type { FastifyRequest } from "fastify";
import type { AuditAction, AuditEntry } from "../../contracts/team.ts";
import type { StoredAuditEntry } from "../db/repositories/admin-audit.ts";
import type { ActiveSession } from "./auth.ts";

/** How the console and the audit record name a person: their name, else their address. */
export const displayName = (person: { name: string | null; email: string }) =>
  person.name || person.email;

/** The session of a route that needs one (the admin scope's preHandler has checked it). */
export function actorOf(request: FastifyRequest): ActiveSession {
  if (!request.adminSession) throw new Error("admin route reached without a session");
  return request.adminSession;
}

/** Records that the request's person did `action` now, to a message or about a person or address. */
export function recordAction(
  request: FastifyRequest,
  action: AuditAction,
  about: { messageId?: string; subject?: string } = {},
): Promise<void> {
  const actor = actorOf(request);
  return request.server.repositories.adminAudit.record({
    at: request.server.adminAuth.now(),
    actorId: actor.userId,
    actorName: displayName(actor),
    action,
    ...about,
  });
}

export function auditEntry(entry: StoredAuditEntry): AuditEntry {
  return {
    id: entry.id,
    at: new Date(entry.at).toISOString(),
    actor: entry.actorName,
    action: entry.action,
    messageId: entry.messageId,
    subject: entry.subject,
  };
}
