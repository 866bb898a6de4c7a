// The team: owners list people, invite them by e-mail with a role (a one-time link, mailed through the team's
// outbox, or answered once to be copied when mail is off), resend and revoke invitations, change roles, remove people
// (their sessions, live streams and links end at once; the owner ADMIN_EMAIL sets stays) and send password resets
// (never to that owner); everyone changes their own password (their other sessions and streams end); a link's holder
// sets their password without a session. Every change goes into the audit record.
import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type IssuedLink,
  type LinkInfo,
  linkLifetimeMs,
  linkPagePath,
  roleLabels,
  type TeamInvitation,
  type TeamPage,
  type TeamRole,
  teamErrors,
} from "../../contracts/team.ts";
import {
  idParamsSchema,
  invitationSchema,
  linkAcceptSchema,
  linkTokenSchema,
  ownPasswordSchema,
  roleChangeSchema,
} from "../../contracts/team-requests.ts";
import type { LinkPurpose, StoredLink } from "../db/repositories/admin-links.ts";
import { actorOf, auditEntry, displayName, recordAction } from "./audit.ts";
import type { ActiveSession } from "./auth.ts";
import { tokenHash } from "./auth.ts";
import { sendAdminError, sendTooManyChecks } from "./http.ts";
import { addressKey, isRefused } from "./password-checks.ts";
import { judgePassword } from "./password-strength.ts";
import { verifyPassword } from "./passwords.ts";

export interface TeamRoutesOptions {
  /** The site's origin (SITE_URL): links point at its console. */
  siteUrl: string;
}

const recentActivity = 30;
const iso = (ms: number) => new Date(ms).toISOString();

export default async function teamRoutes(
  plainApp: FastifyInstance,
  options: TeamRoutesOptions,
): Promise<void> {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const { adminAccounts: accounts, adminLinks: links, adminAudit: audit } = app.repositories;
  const now = app.adminAuth.now;
  const owners = { permission: "team" as const };
  const withoutSession = { withoutSession: true };
  // ADMIN_EMAIL's account: removed here, the next start would create it again as an owner, so the change would not
  // last; it is neither removed nor demoted.
  const setByServer = (email: string) => email === app.adminAuth.firstOwnerEmail;

  const invitationOf = (link: StoredLink): TeamInvitation => ({
    id: link.id,
    email: link.email,
    role: link.role,
    purpose: link.purpose,
    expiresAt: iso(link.expiresAt),
    expired: link.expiresAt <= now(),
  });

  /** A new link (any earlier one of the purpose for the address stops working), mailed when mail is on. */
  const issue = async (
    actor: ActiveSession,
    purpose: LinkPurpose,
    email: string,
    role: TeamRole,
    id: string = randomUUID(),
  ): Promise<IssuedLink> => {
    const token = randomBytes(32).toString("base64url");
    const at = now();
    const link: StoredLink = {
      id,
      purpose,
      email,
      role,
      createdAt: at,
      expiresAt: at + linkLifetimeMs,
    };
    const replaced = await links.create({
      ...link,
      tokenHash: tokenHash(token),
      createdBy: actor.userId,
    });
    // A replaced link no longer works: its mail, if still waiting, would only deliver a dead link.
    await app.repositories.outbox.delete({
      kind: "team-mail",
      subjectIds: replaced,
      pending: true,
    });
    const url = `${options.siteUrl.replace(/\/+$/, "")}${linkPagePath}#${token}`;
    if (app.mailer.enabled) {
      const mail = { purpose, to: email, link: url, senderName: displayName(actor) };
      await app.repositories.outbox.enqueueTeamMail(id, mail, at);
      app.outbox.wake();
    }
    // The link is answered only when no e-mail carries it: otherwise it would reach the person who sent it too.
    return {
      invitation: invitationOf(link),
      link: app.mailer.enabled ? null : url,
      mailed: app.mailer.enabled,
    };
  };

  app.get("/team", { config: owners }, async (request) => {
    const [members, open, activity] = await Promise.all([
      accounts.list(),
      links.list(),
      audit.recent(recentActivity),
    ]);
    const page: TeamPage = {
      members: members.map((member) => ({
        id: member.id,
        email: member.email,
        name: member.name,
        role: member.role,
        joinedAt: member.createdAt.toISOString(),
        twoStep: member.twoStep,
        setByServer: setByServer(member.email),
      })),
      invitations: open.map(invitationOf),
      activity: activity.map(auditEntry),
      mailDeliveryOn: app.mailer.enabled,
      twoStepRequired: await app.repositories.adminSessions.twoStepRequired(),
      you: actorOf(request).userId,
    };
    return page;
  });

  app.post(
    "/team/invitations",
    { schema: { body: invitationSchema }, config: owners },
    async (request, reply) => {
      const actor = actorOf(request);
      const email = request.body.email.toLowerCase();
      if (await accounts.byEmail(email)) {
        return sendAdminError(reply, 409, teamErrors.alreadyMember);
      }
      const issued = await issue(actor, "invitation", email, request.body.role);
      await recordAction(request, "invite", {
        subject: `${email} (${roleLabels[request.body.role]})`,
      });
      request.log.info({ invitationId: issued.invitation.id }, "admin: invitation sent");
      return reply.code(201).send(issued);
    },
  );

  app.post(
    "/team/invitations/:id/resend",
    { schema: { params: idParamsSchema }, config: owners },
    async (request, reply) => {
      const actor = actorOf(request);
      const found = await links.byId(request.params.id);
      if (!found) return sendAdminError(reply, 404, teamErrors.invitationNotFound);
      const issued = await issue(actor, found.purpose, found.email, found.role, found.id);
      await recordAction(request, "invitation-resent", { subject: found.email });
      return issued;
    },
  );

  app.delete(
    "/team/invitations/:id",
    { schema: { params: idParamsSchema }, config: owners },
    async (request, reply) => {
      const found = await links.byId(request.params.id);
      if (!found || !(await links.revoke(found.id))) {
        return sendAdminError(reply, 404, teamErrors.invitationNotFound);
      }
      await app.repositories.outbox.delete({
        kind: "team-mail",
        subjectIds: [found.id],
        pending: true,
      });
      await recordAction(request, "invitation-revoked", { subject: found.email });
      return reply.code(204).send();
    },
  );

  app.put(
    "/team/members/:id",
    { schema: { params: idParamsSchema, body: roleChangeSchema }, config: owners },
    async (request, reply) => {
      const member = await accounts.byId(request.params.id);
      if (!member) return sendAdminError(reply, 404, teamErrors.memberNotFound);
      if (request.body.role !== "owner" && setByServer(member.email)) {
        return sendAdminError(reply, 409, teamErrors.setByServer);
      }
      const change = await accounts.setRole(member.id, request.body.role);
      if (change === "missing") return sendAdminError(reply, 404, teamErrors.memberNotFound);
      if (change === "lastOwner") return sendAdminError(reply, 409, teamErrors.lastOwner);
      if (member.role !== request.body.role) {
        await recordAction(request, "role-changed", {
          subject: `${displayName(member)}: ${roleLabels[member.role]} to ${roleLabels[request.body.role]}`,
        });
      }
      return reply.code(204).send();
    },
  );

  app.delete(
    "/team/members/:id",
    { schema: { params: idParamsSchema }, config: owners },
    async (request, reply) => {
      const member = await accounts.byId(request.params.id);
      if (!member) return sendAdminError(reply, 404, teamErrors.memberNotFound);
      if (setByServer(member.email)) return sendAdminError(reply, 409, teamErrors.setByServer);
      // The links they made (an invitation they sent would still let someone in) and those for their address end
      // with them, and so do those links' waiting mails.
      const { change, endedSessions } = await accounts.remove(member.id, async (trx) => {
        const revoked = await links.revokeFor({ id: member.id, email: member.email }, trx);
        await app.repositories.outbox.delete(
          { kind: "team-mail", subjectIds: revoked, pending: true },
          trx,
        );
      });
      if (change === "missing") return sendAdminError(reply, 404, teamErrors.memberNotFound);
      if (change === "lastOwner") return sendAdminError(reply, 409, teamErrors.lastOwner);
      // Their open consoles stop receiving at once, on every instance.
      for (const hash of endedSessions) app.consoleEvents.endSession(hash);
      await recordAction(request, "removed", { subject: displayName(member) });
      return reply.code(204).send();
    },
  );

  app.post(
    "/team/members/:id/reset",
    { schema: { params: idParamsSchema }, config: owners },
    async (request, reply) => {
      const actor = actorOf(request);
      const member = await accounts.byId(request.params.id);
      if (!member) return sendAdminError(reply, 404, teamErrors.memberNotFound);
      // A link for them would hand their account to whoever holds it: they change their password themselves, or
      // a new ADMIN_PASSWORD and a restart recover it.
      if (setByServer(member.email)) return sendAdminError(reply, 409, teamErrors.resetSetByServer);
      const issued = await issue(actor, "reset", member.email, member.role);
      await recordAction(request, "reset-sent", { subject: displayName(member) });
      return reply.code(201).send(issued);
    },
  );

  app.post(
    "/account/password",
    { schema: { body: ownPasswordSchema }, config: { permission: "read" } },
    async (request, reply) => {
      const actor = actorOf(request);
      const account = await accounts.byId(actor.userId);
      if (!account) return sendAdminError(reply, 403, teamErrors.wrongPassword);
      const verdict = judgePassword(request.body.newPassword, [account.email, account.name ?? ""]);
      // The check and the new hash in one turn of the bound: both are scrypt runs.
      const checked = await app.passwordChecks.attempt(
        { address: addressKey(request.ip), account: account.email },
        async () =>
          (await verifyPassword(request.body.currentPassword, account.passwordHash))
            ? {
                newHash: verdict.ok
                  ? await app.adminAuth.hashPassword(request.body.newPassword)
                  : null,
              }
            : null,
        (right) => right !== null,
      );
      if (isRefused(checked)) return sendTooManyChecks(reply, checked.retryAfter);
      if (!checked) return sendAdminError(reply, 403, teamErrors.wrongPassword);
      if (!checked.newHash) return sendAdminError(reply, 400, verdict.reason ?? "");
      // The person's other sessions end, and their live streams with them; this one stays.
      const ended = await accounts.setPassword(account.id, checked.newHash, {
        keepSession: actor.tokenHash,
      });
      for (const hash of ended) app.consoleEvents.endSession(hash);
      await recordAction(request, "password-changed");
      return reply.code(204).send();
    },
  );

  app.post(
    "/links/info",
    { schema: { body: linkTokenSchema }, config: withoutSession },
    async (request, reply) => {
      const link = await links.find(tokenHash(request.body.token), now());
      if (!link) return sendAdminError(reply, 404, teamErrors.linkInvalid);
      const info: LinkInfo = { purpose: link.purpose, email: link.email, role: link.role };
      return info;
    },
  );

  app.post(
    "/links/accept",
    { schema: { body: linkAcceptSchema }, config: withoutSession },
    async (request, reply) => {
      const hash = tokenHash(request.body.token);
      const link = await links.find(hash, now());
      if (!link) return sendAdminError(reply, 404, teamErrors.linkInvalid);
      const verdict = judgePassword(request.body.password, [link.email, request.body.name ?? ""]);
      if (!verdict.ok) return sendAdminError(reply, 400, verdict.reason ?? "");
      // Hashed before the transaction: scrypt takes a while, and SQLite writes one transaction at a time.
      const passwordHash = await app.passwordChecks.hashing(() =>
        app.adminAuth.hashPassword(request.body.password),
      );
      if (isRefused(passwordHash)) return sendTooManyChecks(reply, passwordHash.retryAfter);
      const name = request.body.name || null;
      // Read before the link's transaction: on SQLite that transaction holds the one connection.
      const existing = await accounts.byEmail(link.email);
      if (link.purpose === "invitation" && existing) {
        return sendAdminError(reply, 409, teamErrors.alreadyMember);
      }
      if (link.purpose === "reset" && !existing) {
        return sendAdminError(reply, 404, teamErrors.linkInvalid);
      }
      const outcome = await links.consume(hash, now(), async (used, trx) => {
        const id = existing?.id ?? randomUUID();
        const ended = existing
          ? await accounts.setPassword(id, passwordHash, { byLink: true, trx })
          : [];
        if (!existing) {
          await accounts.create(
            { id, email: used.email, name, role: used.role, passwordHash },
            trx,
          );
        }
        await audit.record(
          {
            at: now(),
            actorId: id,
            actorName: existing ? displayName(existing) : name || used.email,
            action: existing ? "password-changed" : "joined",
            subject: existing ? null : roleLabels[used.role],
          },
          trx,
        );
        return { ended };
      });
      if (outcome === null) return sendAdminError(reply, 404, teamErrors.linkInvalid);
      // The sessions the new password ended stop receiving at once, like a removal's.
      for (const ended of outcome.ended) app.consoleEvents.endSession(ended);
      await app.repositories.outbox.delete({
        kind: "team-mail",
        subjectIds: [link.id],
        pending: true,
      });
      request.log.info({ linkId: link.id, purpose: link.purpose }, "admin: one-time link used");
      return reply.code(204).send();
    },
  );
}
