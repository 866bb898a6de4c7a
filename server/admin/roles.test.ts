// The role matrix on both databases: every admin API route, as each role calls it. A viewer reads, an editor reads
// and triages messages, an owner does everything; what a role may not do answers 403 and changes nothing.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import {
  may,
  type Permission,
  type TeamRole,
  teamApiPaths,
  teamErrors,
} from "../../contracts/team.ts";
import type { AdminRouteInfo } from "../plugins/admin-api.ts";
import { adminEnv, adminRequest, signIn } from "../test/admin.ts";
import { openEventStream } from "../test/event-stream.ts";
import { storeMessage, storeTeamMember } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: unknown;
}

/** Fresh things to act on for each call: a message, a person and an invitation nobody else touches. */
interface Targets {
  messageId: string;
  memberId: string;
  invitationId: string;
}

/** A valid request of each route that needs a session (by its method and pattern). */
const calls: Record<string, (targets: Targets) => Call> = {
  "GET /admin/api/messages": () => ({ method: "GET", url: adminApiPaths.messages }),
  "GET /admin/api/messages.csv": () => ({ method: "GET", url: adminApiPaths.messagesCsv }),
  "GET /admin/api/messages/:id": (t) => ({
    method: "GET",
    url: adminApiPaths.message(t.messageId),
  }),
  "GET /admin/api/messages/:id/history": (t) => ({
    method: "GET",
    url: teamApiPaths.messageHistory(t.messageId),
  }),
  "POST /admin/api/messages/:id/:action": (t) => ({
    method: "POST",
    url: adminApiPaths.messageAction(t.messageId, "handled"),
  }),
  "DELETE /admin/api/messages/:id": (t) => ({
    method: "DELETE",
    url: adminApiPaths.message(t.messageId),
  }),
  "POST /admin/api/messages/:id/retry-mail": (t) => ({
    method: "POST",
    url: adminApiPaths.retryMail(t.messageId),
  }),
  "POST /admin/api/messages/:id/retry-deliveries": (t) => ({
    method: "POST",
    url: adminApiPaths.retryDeliveries(t.messageId),
  }),
  "GET /admin/api/analytics": () => ({ method: "GET", url: `${adminApiPaths.analytics}?days=7` }),
  "GET /admin/api/analytics/breakdown": () => ({
    method: "GET",
    url: adminApiPaths.analyticsBreakdown,
  }),
  "GET /admin/api/analytics/breakdown.csv": () => ({
    method: "GET",
    url: `${adminApiPaths.analyticsCsv}?panel=source`,
  }),
  "GET /admin/api/team": () => ({ method: "GET", url: teamApiPaths.team }),
  "POST /admin/api/team/invitations": () => ({
    method: "POST",
    url: teamApiPaths.invitations,
    payload: { email: `new.${Math.random().toString(36).slice(2)}@example.com`, role: "viewer" },
  }),
  "POST /admin/api/team/invitations/:id/resend": (t) => ({
    method: "POST",
    url: teamApiPaths.resendInvitation(t.invitationId),
  }),
  "DELETE /admin/api/team/invitations/:id": (t) => ({
    method: "DELETE",
    url: teamApiPaths.invitation(t.invitationId),
  }),
  "PUT /admin/api/team/members/:id": (t) => ({
    method: "PUT",
    url: teamApiPaths.member(t.memberId),
    payload: { role: "viewer" },
  }),
  "DELETE /admin/api/team/members/:id": (t) => ({
    method: "DELETE",
    url: teamApiPaths.member(t.memberId),
  }),
  "POST /admin/api/team/members/:id/reset": (t) => ({
    method: "POST",
    url: teamApiPaths.memberReset(t.memberId),
  }),
  "PUT /admin/api/team/two-step": () => ({
    method: "PUT",
    url: teamApiPaths.twoStepPolicy,
    payload: { required: false },
  }),
};

/** What each route needs: the matrix the console and this file agree on. */
const expectedPermissions: Record<string, Permission> = {
  "GET /admin/api/messages": "read",
  "GET /admin/api/messages.csv": "read",
  "GET /admin/api/messages/:id": "read",
  "GET /admin/api/messages/:id/history": "read",
  "POST /admin/api/messages/:id/:action": "triage",
  "DELETE /admin/api/messages/:id": "triage",
  "POST /admin/api/messages/:id/retry-mail": "triage",
  "POST /admin/api/messages/:id/retry-deliveries": "triage",
  "GET /admin/api/analytics": "read",
  "GET /admin/api/analytics/breakdown": "read",
  "GET /admin/api/analytics/breakdown.csv": "read",
  "GET /admin/api/events": "read",
  "GET /admin/api/team": "team",
  "POST /admin/api/team/invitations": "team",
  "POST /admin/api/team/invitations/:id/resend": "team",
  "DELETE /admin/api/team/invitations/:id": "team",
  "PUT /admin/api/team/members/:id": "team",
  "DELETE /admin/api/team/members/:id": "team",
  "POST /admin/api/team/members/:id/reset": "team",
  "POST /admin/api/account/password": "read",
  "POST /admin/api/account/two-step/setup": "read",
  "POST /admin/api/account/two-step/confirm": "read",
  "POST /admin/api/account/two-step/off": "read",
  "PUT /admin/api/team/two-step": "team",
};

const roles: TeamRole[] = ["viewer", "editor", "owner"];

describe.each(dialects)("roles on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("walks every admin API route with each role: allowed or 403, and a refused call changes nothing", {
    timeout: 120_000,
  }, async ({ apps }) => {
    const routes: AdminRouteInfo[] = [];
    const app: FastifyInstance = await apps.startAdmin(adminEnv, {
      testing: { adminRoutes: (route) => routes.push(route) },
    });
    // Listening: the live stream is read over a real connection.
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");

    // Every route that needs a session is in the matrix, and needs what the matrix says.
    const guarded = routes
      .filter((route) => route.permission !== null)
      .flatMap((route) =>
        route.methods
          .filter((method) => method !== "HEAD")
          .map((method) => [`${method} ${route.url}`, route.permission] as const),
      );
    expect(Object.fromEntries(guarded)).toEqual(expectedPermissions);

    const owner = (await signIn(app)).token ?? "";
    // A person's password is hashed (scrypt): only the routes about people get one of their own.
    const targets = async (route = "members"): Promise<Targets> => {
      const messageId = await storeMessage(app, { name: `Sender ${Math.random()}` });
      const member = route.includes("members") ? await storeTeamMember(app, "editor") : { id: "" };
      const invited = await adminRequest(app, {
        method: "POST",
        url: teamApiPaths.invitations,
        session: owner,
        payload: {
          email: `invited.${Math.random().toString(36).slice(2)}@example.com`,
          role: "viewer",
        },
      });
      expect(invited.statusCode).toBe(201);
      return {
        messageId,
        memberId: member.id,
        invitationId: (invited.json() as { invitation: { id: string } }).invitation.id,
      };
    };

    for (const role of roles) {
      const person = await storeTeamMember(app, role);
      const session = (await signIn(app, person.credentials)).token ?? "";
      for (const [route, permission] of Object.entries(expectedPermissions)) {
        const makeCall = calls[route];
        if (!makeCall) continue;
        const before = await targets(route);
        const call = makeCall(before);
        const response = await adminRequest(app, { ...call, session });
        const label = `${role}: ${route}`;
        if (may(role, permission)) {
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, `${label} ${response.body}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toEqual({ error: teamErrors.forbidden });
        }
      }
      // The live stream, a read: open to every role.
      const stream = await openEventStream(
        `http://127.0.0.1:${address.port}${adminApiPaths.events}`,
        { cookie: `${app.adminAuth.cookie.name}=${session}` },
      );
      stream.close();
      expect(stream.status, `${role}: GET /admin/api/events`).toBe(200);
      // A refused delete left the message and the person where they were.
      if (role === "viewer") {
        const kept = await targets();
        await adminRequest(app, {
          method: "DELETE",
          url: adminApiPaths.message(kept.messageId),
          session,
        });
        await adminRequest(app, {
          method: "DELETE",
          url: teamApiPaths.member(kept.memberId),
          session,
        });
        const message = await adminRequest(app, {
          url: adminApiPaths.message(kept.messageId),
          session,
        });
        expect(message.statusCode).toBe(200);
        const team = (
          await adminRequest(app, { url: teamApiPaths.team, session: owner })
        ).json() as {
          members: { id: string }[];
        };
        expect(team.members.map((member) => member.id)).toContain(kept.memberId);
      }
    }
  });
});
