// The team on both databases, through the real app: invitations (mailed through the outbox, or copied), their
// 48 hours and single use, a resent or replaced link ending the old one and its waiting mail, password strength,
// role changes and removals (sessions, live streams and links end at once, the last owner stays, even when two
// step down at once, and the owner ADMIN_EMAIL sets stays), password changes and resets, and the audit record of
// triage and team changes, kept 400 days.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import {
  type AuditEntry,
  type IssuedLink,
  linkLifetimeMs,
  type TeamPage,
  teamApiPaths,
  teamErrors,
} from "../../contracts/team.ts";
import { adminAccountsRepository } from "../db/repositories/admin-accounts.ts";
import { adminEnv, adminRequest, expectAdminError, signIn } from "../test/admin.ts";
import { openEventStream } from "../test/event-stream.ts";
import { storeMessage, storeTeamMember } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";
import { tokenHash } from "./auth.ts";

const goodPassword = "violet kayaks cross the fjord 71";
const day = 24 * 60 * 60_000;

class Clock {
  offset = 0;
  readonly now = () => Date.now() + this.offset;
}

/** The token of a link answered to be copied (mail off); null when an e-mail carried it. */
const tokenOf = (link: string | null) => {
  if (link === null) throw new Error("no link answered: it was e-mailed");
  return link.slice(link.indexOf("#") + 1);
};

describe.each(dialects)("the team on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  let app: FastifyInstance;
  let owner: string;
  let clock: Clock;

  it.beforeEach(async ({ apps }) => {
    clock = new Clock();
    app = await apps.startAdmin(adminEnv, { testing: { now: clock.now } });
    await app.ready();
    owner = (await signIn(app)).token ?? "";
  });

  const call = (
    session: string,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
  ) => adminRequest(app, { method, url, session, payload });

  const invite = async (email: string, role = "viewer") => {
    const response = await call(owner, "POST", teamApiPaths.invitations, { email, role });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as IssuedLink;
  };
  const accept = (token: string, password = goodPassword, name = "Dana") =>
    adminRequest(app, {
      method: "POST",
      url: teamApiPaths.linkAccept,
      payload: { token, name, password },
    });
  const team = async () => (await call(owner, "GET", teamApiPaths.team)).json() as TeamPage;
  /** After the clock moved past the session's limits: the owner signs in again. */
  const signInAgain = async () => {
    owner = (await signIn(app)).token ?? "";
  };

  it("invites a viewer: the link sets a password once, and the viewer reads but cannot triage", async () => {
    const issued = await invite("Dana@Example.com");
    expect(issued.mailed).toBe(false);
    expect(issued.link).toMatch(/^https:\/\/www\.boothpilot\.example\/admin\/join#[\w-]{43}$/);
    expect(issued.invitation).toMatchObject({ email: "dana@example.com", role: "viewer" });
    const token = tokenOf(issued.link);

    // Only the token's hash is stored.
    const stored = await app.database.db.selectFrom("admin_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const info = await adminRequest(app, {
      method: "POST",
      url: teamApiPaths.linkInfo,
      payload: { token },
    });
    expect(info.json()).toEqual({
      purpose: "invitation",
      email: "dana@example.com",
      role: "viewer",
    });

    const weak = await accept(token, "password1234");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/commonly used password/);
    const short = await accept(token, "Xy7#short");
    expect(short.json()).toEqual({ error: "Use at least 12 characters." });

    expect((await accept(token)).statusCode).toBe(204);
    const again = await accept(token, "another fine passphrase 88");
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: teamErrors.linkInvalid });

    const { response, token: session } = await signIn(app, {
      email: "dana@example.com",
      password: goodPassword,
    });
    expect(response.json()).toMatchObject({ signedIn: true, name: "Dana", role: "viewer" });
    const id = await storeMessage(app);
    expect((await call(session ?? "", "GET", adminApiPaths.message(id))).statusCode).toBe(200);
    const handled = await call(session ?? "", "POST", adminApiPaths.messageAction(id, "handled"));
    expect(handled.statusCode).toBe(403);
    expect((await call(session ?? "", "GET", teamApiPaths.team)).statusCode).toBe(403);

    expect((await team()).members.map((member) => [member.email, member.role])).toEqual([
      ["team.lead@boothpilot.example", "owner"],
      ["dana@example.com", "viewer"],
    ]);
  });

  it("lets an invitation lapse after 48 hours; a resent one ends the old link, valid or not", async () => {
    const first = await invite("late@example.com");
    clock.offset = linkLifetimeMs + 1;
    expect((await accept(tokenOf(first.link))).statusCode).toBe(404);
    await signInAgain();
    expect((await team()).invitations).toEqual([
      expect.objectContaining({ email: "late@example.com", expired: true }),
    ]);

    const resend = async () => {
      const response = await call(
        owner,
        "POST",
        teamApiPaths.resendInvitation(first.invitation.id),
      );
      expect(response.statusCode).toBe(200);
      return response.json() as IssuedLink;
    };
    const second = await resend();
    expect(second.link).not.toBe(first.link);
    const linkInfo = (link: string | null) =>
      adminRequest(app, {
        method: "POST",
        url: teamApiPaths.linkInfo,
        payload: { token: tokenOf(link) },
      });
    expect((await linkInfo(second.link)).statusCode).toBe(200);

    // Sent again while the second link still works: that one stops working at once.
    const third = await resend();
    expect((await linkInfo(second.link)).json()).toEqual({ error: teamErrors.linkInvalid });
    const stale = await accept(tokenOf(second.link));
    expect(stale.statusCode).toBe(404);
    expect(stale.json()).toEqual({ error: teamErrors.linkInvalid });
    clock.offset += linkLifetimeMs - 60_000;
    expect((await accept(tokenOf(third.link))).statusCode).toBe(204);
  });

  it("revokes an invitation: its link no longer works", async () => {
    const issued = await invite("revoked@example.com");
    const revoked = await call(owner, "DELETE", teamApiPaths.invitation(issued.invitation.id));
    expect(revoked.statusCode).toBe(204);
    expect((await accept(tokenOf(issued.link))).statusCode).toBe(404);
    expect((await team()).invitations).toEqual([]);
  });

  it("refuses to invite an address already on the team", async () => {
    const response = await call(owner, "POST", teamApiPaths.invitations, {
      email: "TEAM.LEAD@boothpilot.example",
      role: "editor",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: teamErrors.alreadyMember });
  });

  it("removes a person: their sessions end at once", async () => {
    const editor = await storeTeamMember(app, "editor");
    const session = (await signIn(app, editor.credentials)).token ?? "";
    expect((await call(session, "GET", adminApiPaths.messages)).statusCode).toBe(200);
    expect((await call(owner, "DELETE", teamApiPaths.member(editor.id))).statusCode).toBe(204);
    const after = await call(session, "GET", adminApiPaths.messages);
    expectAdminError(after, 401, "signInRequired");
    expect((await signIn(app, editor.credentials)).response.statusCode).toBe(401);
  });

  it("keeps the owner ADMIN_EMAIL sets: no removal, no demotion, and the Team page says so", async () => {
    const me = (await team()).you;
    const other = await storeTeamMember(app, "owner");
    const otherSession = (await signIn(app, other.credentials)).token ?? "";
    for (const session of [owner, otherSession]) {
      const demote = await call(session, "PUT", teamApiPaths.member(me), { role: "editor" });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ error: teamErrors.setByServer });
      const remove = await call(session, "DELETE", teamApiPaths.member(me));
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toEqual({ error: teamErrors.setByServer });
    }
    expect(teamErrors.setByServer).toBe(
      "This owner is set by ADMIN_EMAIL on the server and would come back at its next start. To remove or demote them, set ADMIN_EMAIL to another address and restart the server first.",
    );
    expect(
      (await team()).members.map((member) => [member.email, member.role, member.setByServer]),
    ).toEqual([
      ["team.lead@boothpilot.example", "owner", true],
      [other.credentials.email, "owner", false],
    ]);
    // Nothing of it reached the record.
    expect((await team()).activity).toEqual([]);
    // Everyone else can still be changed and removed.
    expect(
      (await call(owner, "PUT", teamApiPaths.member(other.id), { role: "viewer" })).statusCode,
    ).toBe(204);
    expect((await call(owner, "DELETE", teamApiPaths.member(other.id))).statusCode).toBe(204);
  });

  it("ends a removed person's links: the invitations they sent and the links for their address", async () => {
    const other = await storeTeamMember(app, "owner", { name: "Olive" });
    const otherSession = (await signIn(app, other.credentials)).token ?? "";
    const sent = await call(otherSession, "POST", teamApiPaths.invitations, {
      email: "via.olive@example.com",
      role: "editor",
    });
    expect(sent.statusCode).toBe(201);
    const reset = await call(owner, "POST", teamApiPaths.memberReset(other.id));
    expect(reset.statusCode).toBe(201);
    const kept = await invite("kept@example.com");
    expect((await team()).invitations.map((one) => one.email).sort()).toEqual([
      "kept@example.com",
      other.credentials.email,
      "via.olive@example.com",
    ]);

    expect((await call(owner, "DELETE", teamApiPaths.member(other.id))).statusCode).toBe(204);
    for (const issued of [sent, reset]) {
      const used = await accept(tokenOf((issued.json() as IssuedLink).link));
      expect(used.statusCode).toBe(404);
      expect(used.json()).toEqual({ error: teamErrors.linkInvalid });
    }
    expect((await team()).invitations.map((one) => one.email)).toEqual(["kept@example.com"]);
    expect((await accept(tokenOf(kept.link))).statusCode).toBe(204);
  });

  it("changes roles at once, and never leaves the team without an owner", async () => {
    const other = await storeTeamMember(app, "viewer");
    const session = (await signIn(app, other.credentials)).token ?? "";
    expect((await call(session, "GET", teamApiPaths.team)).statusCode).toBe(403);
    expect(
      (await call(owner, "PUT", teamApiPaths.member(other.id), { role: "owner" })).statusCode,
    ).toBe(204);
    // The same session, a role higher.
    expect((await call(session, "GET", teamApiPaths.team)).statusCode).toBe(200);
    // With another owner the new one may step down again.
    expect(
      (await call(session, "PUT", teamApiPaths.member(other.id), { role: "editor" })).statusCode,
    ).toBe(204);
    expect((await call(session, "GET", teamApiPaths.team)).statusCode).toBe(403);

    // ADMIN_EMAIL's account demoted before the console kept it an owner: another person is the last owner.
    await app.database.db
      .updateTable("admin_users")
      .set({ role: "editor" })
      .where("email", "=", "team.lead@boothpilot.example")
      .execute();
    const last = await storeTeamMember(app, "owner");
    const lastSession = (await signIn(app, last.credentials)).token ?? "";
    const demote = await call(lastSession, "PUT", teamApiPaths.member(last.id), { role: "editor" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ error: teamErrors.lastOwner });
    const remove = await call(lastSession, "DELETE", teamApiPaths.member(last.id));
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ error: teamErrors.lastOwner });
    expect((await call(lastSession, "GET", teamApiPaths.team)).statusCode).toBe(200);
  });

  it("changes one's own password: the current one is needed, other sessions end, this one stays", async () => {
    const editor = await storeTeamMember(app, "editor");
    const here = (await signIn(app, editor.credentials)).token ?? "";
    const elsewhere = (await signIn(app, editor.credentials)).token ?? "";
    const wrong = await call(here, "POST", teamApiPaths.ownPassword, {
      currentPassword: "not it at all",
      newPassword: goodPassword,
    });
    expect(wrong.json()).toEqual({ error: teamErrors.wrongPassword });
    const weak = await call(here, "POST", teamApiPaths.ownPassword, {
      currentPassword: editor.credentials.password,
      newPassword: "aaaaaaaaaaaaaaaa",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/Repeated characters/);
    const changed = await call(here, "POST", teamApiPaths.ownPassword, {
      currentPassword: editor.credentials.password,
      newPassword: goodPassword,
    });
    expect(changed.statusCode).toBe(204);
    expect((await call(here, "GET", adminApiPaths.messages)).statusCode).toBe(200);
    expect((await call(elsewhere, "GET", adminApiPaths.messages)).statusCode).toBe(401);
    const signedIn = await signIn(app, { ...editor.credentials, password: goodPassword });
    expect(signedIn.response.statusCode).toBe(200);
  });

  it("sends a password reset: the link sets a new password and ends the person's sessions", async () => {
    const editor = await storeTeamMember(app, "editor");
    const session = (await signIn(app, editor.credentials)).token ?? "";
    const reset = await call(owner, "POST", teamApiPaths.memberReset(editor.id));
    expect(reset.statusCode).toBe(201);
    const { link } = reset.json() as IssuedLink;
    expect((await accept(tokenOf(link))).statusCode).toBe(204);
    expect((await call(session, "GET", adminApiPaths.messages)).statusCode).toBe(401);
    expect((await signIn(app, editor.credentials)).response.statusCode).toBe(401);
    const fresh = await signIn(app, { ...editor.credentials, password: goodPassword });
    expect(fresh.response.statusCode).toBe(200);
  });

  it("sends no reset link for the owner ADMIN_EMAIL sets; the next start undoes a password a link set", async ({
    apps,
  }) => {
    const lead = (await team()).members.find((member) => member.setByServer);
    const other = await storeTeamMember(app, "owner");
    const otherSession = (await signIn(app, other.credentials)).token ?? "";
    const refused = await call(otherSession, "POST", teamApiPaths.memberReset(lead?.id ?? ""));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: teamErrors.resetSetByServer });
    expect(await app.database.db.selectFrom("admin_links").selectAll().execute()).toEqual([]);

    // A reset link for them made before this refusal, used by someone else.
    const token = "b".repeat(43);
    await app.repositories.adminLinks.create({
      id: randomUUID(),
      purpose: "reset",
      email: "team.lead@boothpilot.example",
      role: "owner",
      createdAt: clock.now(),
      expiresAt: clock.now() + linkLifetimeMs,
      tokenHash: tokenHash(token),
      createdBy: other.id,
    });
    expect((await accept(token)).statusCode).toBe(204);
    expect((await signIn(app)).response.statusCode).toBe(401);

    // A start with the same ADMIN_PASSWORD sets the owner up again: their password works, the link's does not.
    const restarted = await apps.startAdmin(adminEnv, { testing: { now: clock.now } });
    expect((await signIn(restarted)).response.statusCode).toBe(200);
    const taken = await signIn(restarted, { email: adminEnv.ADMIN_EMAIL, password: goodPassword });
    expect(taken.response.statusCode).toBe(401);
    // The owner's own change of password lasts over a start.
    const own = (await signIn(restarted)).token ?? "";
    const changed = await adminRequest(restarted, {
      method: "POST",
      url: teamApiPaths.ownPassword,
      session: own,
      payload: { currentPassword: adminEnv.ADMIN_PASSWORD, newPassword: goodPassword },
    });
    expect(changed.statusCode).toBe(204);
    const again = await apps.startAdmin(adminEnv, { testing: { now: clock.now } });
    const mine = await signIn(again, { email: adminEnv.ADMIN_EMAIL, password: goodPassword });
    expect(mine.response.statusCode).toBe(200);
  });

  it("records who triaged a message and when; a deleted message leaves only its id", async () => {
    const editor = await storeTeamMember(app, "editor", { name: "Dana" });
    const session = (await signIn(app, editor.credentials)).token ?? "";
    const id = await storeMessage(app, { name: "José Álvarez" });
    for (const action of ["read", "handled", "spam", "not-spam"] as const) {
      await call(session, "POST", adminApiPaths.messageAction(id, action));
    }
    // Opening it again changes nothing and records nothing.
    await call(session, "POST", adminApiPaths.messageAction(id, "read"));
    const history = (
      await call(session, "GET", teamApiPaths.messageHistory(id))
    ).json() as AuditEntry[];
    expect(history.map((entry) => [entry.actor, entry.action])).toEqual([
      ["Dana", "read"],
      ["Dana", "handled"],
      ["Dana", "spam"],
      ["Dana", "not-spam"],
    ]);
    expect(Math.abs(Date.parse(history[0]?.at ?? "") - Date.now())).toBeLessThan(60_000);

    expect((await call(session, "DELETE", adminApiPaths.message(id))).statusCode).toBe(204);
    const rows = await app.database.db
      .selectFrom("admin_audit")
      .selectAll()
      .where("message_id", "=", id)
      .execute();
    expect(rows.map((row) => row.action)).toContain("delete");
    expect(JSON.stringify(rows)).not.toMatch(/Álvarez|alvarez@|Hello from/);

    const activity = (await team()).activity;
    expect(activity[0]).toMatchObject({ actor: "Dana", action: "delete", messageId: id });
  });

  it("records team changes, and keeps the record 400 days", async () => {
    await invite("kept@example.com", "editor");
    const activity = (await team()).activity;
    expect(activity[0]).toMatchObject({
      actor: "team.lead@boothpilot.example",
      action: "invite",
      subject: "kept@example.com (Editor)",
    });
    clock.offset = 399 * day;
    await app.visitRetention.run();
    await signInAgain();
    expect((await team()).activity).toHaveLength(1);
    clock.offset = 401 * day;
    await app.visitRetention.run();
    await signInAgain();
    expect((await team()).activity).toEqual([]);
  });
});

describe.each(dialects)("expired links on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("are listed as expired for a week, then the retention job deletes them", async ({ apps }) => {
    let offset = 0;
    const app = await apps.startAdmin(adminEnv, { testing: { now: () => Date.now() + offset } });
    const owner = (await signIn(app)).token ?? "";
    const invited = await adminRequest(app, {
      method: "POST",
      url: teamApiPaths.invitations,
      session: owner,
      payload: { email: "lapsed@example.com", role: "viewer" },
    });
    expect(invited.statusCode).toBe(201);
    const invitations = async () => {
      const session = (await signIn(app)).token ?? "";
      const page = await adminRequest(app, { url: teamApiPaths.team, session });
      return (page.json() as TeamPage).invitations.map((one) => [one.email, one.expired]);
    };
    offset = linkLifetimeMs + 6 * day;
    await app.visitRetention.run();
    expect(await invitations()).toEqual([["lapsed@example.com", true]]);
    offset = linkLifetimeMs + 8 * day;
    await app.visitRetention.run();
    expect(await invitations()).toEqual([]);
  });
});

/** The token of the console link a mail carries (quoted-printable soft breaks undone). */
const mailedToken = (raw: string) =>
  /\/admin\/join#([\w-]{43})/.exec(raw.replace(/=\r?\n/g, ""))?.[1] ?? "";

describe.each(dialects)("invitation mail on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("e-mails the link through the outbox, then erases it from the queue", async ({
    apps,
    smtp,
  }) => {
    const app = await apps.startAdmin({ ...adminEnv, ...smtp.mailEnv() });
    await app.ready();
    app.outbox.start();
    const owner = (await signIn(app)).token ?? "";
    const response = await adminRequest(app, {
      method: "POST",
      url: teamApiPaths.invitations,
      session: owner,
      payload: { email: "new.person@example.com", role: "editor" },
    });
    const issued = response.json() as IssuedLink;
    expect(issued.mailed).toBe(true);
    // Mailed, so not answered: the owner who sent it never holds the link.
    expect(issued.link).toBeNull();
    const mail = await waitFor("the invitation mail", () =>
      smtp.received.find((received) => received.envelope.to.includes("new.person@example.com")),
    );
    expect(mail.raw).toContain("invited you to the BoothPilot console");
    expect(mailedToken(mail.raw)).toMatch(/^[\w-]{43}$/);
    await waitFor("the sent mail's link erased", async () => {
      const rows = await app.database.db.selectFrom("outbox").selectAll().execute();
      return rows.length === 1 && rows[0]?.status === "sent" && rows[0]?.payload === null;
    });
  });

  it("sends only the links that still work: the newer of two to one address, none of a removed owner", async ({
    apps,
    smtp,
  }) => {
    const app = await apps.startAdmin({ ...adminEnv, ...smtp.mailEnv() });
    await app.ready();
    const owner = (await signIn(app)).token ?? "";
    const other = await storeTeamMember(app, "owner");
    const otherSession = (await signIn(app, other.credentials)).token ?? "";
    const invite = async (session: string, email: string) => {
      const response = await adminRequest(app, {
        method: "POST",
        url: teamApiPaths.invitations,
        session,
        payload: { email, role: "editor" },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as IssuedLink;
    };
    await invite(owner, "twice@example.com");
    const newer = await invite(owner, "twice@example.com");
    await invite(otherSession, "from.removed@example.com");
    const removed = await adminRequest(app, {
      method: "DELETE",
      url: teamApiPaths.member(other.id),
      session: owner,
    });
    expect(removed.statusCode).toBe(204);

    // Queued while the worker was stopped: it now finds what is left to send.
    app.outbox.start();
    await waitFor("the invitation mail", () =>
      smtp.received.find((received) => received.envelope.to.includes("twice@example.com")),
    );
    await waitFor("nothing left to send", async () => {
      const rows = await app.database.db.selectFrom("outbox").select("status").execute();
      return rows.every((row) => row.status !== "pending");
    });
    expect(smtp.received.map((received) => received.envelope.to)).toEqual([["twice@example.com"]]);
    expect(newer.link).toBeNull();
    // The mail sent carries the newer link: the one that still works.
    const info = await adminRequest(app, {
      method: "POST",
      url: teamApiPaths.linkInfo,
      payload: { token: mailedToken(smtp.received[0]?.raw ?? "") },
    });
    expect(info.statusCode).toBe(200);
  });
});

describe.each(dialects)("owners stepping down at once on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("leave an owner: of two owners demoting or removing each other, one is refused", async ({
    freshDb,
  }) => {
    const accounts = adminAccountsRepository(freshDb);
    const newOwner = async () => {
      const id = randomUUID();
      await accounts.create({
        id,
        email: `${id}@example.com`,
        name: null,
        role: "owner",
        passwordHash: "not used",
      });
      return id;
    };
    // Many rounds: the race needs both transactions to count the owners before either changes one.
    for (let round = 0; round < 20; round++) {
      await freshDb.db.deleteFrom("admin_users").execute();
      const [first, second] = [await newOwner(), await newOwner()];
      const step = async (id: string) =>
        round % 2 === 0 ? accounts.setRole(id, "viewer") : (await accounts.remove(id)).change;
      const outcomes = await Promise.all([step(first), step(second)]);
      expect(outcomes.sort()).toEqual(["changed", "lastOwner"]);
      const owners = await freshDb.db
        .selectFrom("admin_users")
        .select("id")
        .where("role", "=", "owner")
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});

describe.each(dialects)("live streams of ended sessions on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("ends at once when the person changes their password or a reset link sets one", async ({
    apps,
  }) => {
    const app = await apps.startAdmin(adminEnv, {
      testing: { consoleEvents: { heartbeatMs: 60_000 } },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const owner = (await signIn(app)).token ?? "";
    const viewer = await storeTeamMember(app, "viewer");
    const streamOf = async (session: string) => {
      const stream = await openEventStream(
        `http://127.0.0.1:${address.port}${adminApiPaths.events}`,
        { cookie: `${app.adminAuth.cookie.name}=${session}` },
      );
      expect(stream.status).toBe(200);
      let ended = false;
      void stream.ended.then(() => {
        ended = true;
      });
      return { stream, ended: () => ended };
    };
    const here = (await signIn(app, viewer.credentials)).token ?? "";
    const elsewhere = await streamOf((await signIn(app, viewer.credentials)).token ?? "");
    const kept = await streamOf(here);
    try {
      const changed = await adminRequest(app, {
        method: "POST",
        url: teamApiPaths.ownPassword,
        session: here,
        payload: { currentPassword: viewer.credentials.password, newPassword: goodPassword },
      });
      expect(changed.statusCode).toBe(204);
      // Long before the next heartbeat (a minute away) would notice; the session that changed it stays.
      await waitFor("the other session's stream's end", () => elsewhere.ended(), 3_000);
      expect(kept.ended()).toBe(false);

      const reset = await adminRequest(app, {
        method: "POST",
        url: teamApiPaths.memberReset(viewer.id),
        session: owner,
      });
      const accepted = await adminRequest(app, {
        method: "POST",
        url: teamApiPaths.linkAccept,
        payload: {
          token: tokenOf((reset.json() as IssuedLink).link),
          password: `${goodPassword}!`,
        },
      });
      expect(accepted.statusCode).toBe(204);
      await waitFor("the stream's end after the reset", () => kept.ended(), 3_000);
    } finally {
      elsewhere.stream.close();
      kept.stream.close();
    }
  });

  it("ends at once when an owner removes them, and a viewer's stream opens", async ({ apps }) => {
    const app = await apps.startAdmin(adminEnv, {
      testing: { consoleEvents: { heartbeatMs: 60_000 } },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    const owner = (await signIn(app)).token ?? "";
    const viewer = await storeTeamMember(app, "viewer");
    const session = (await signIn(app, viewer.credentials)).token ?? "";
    const stream = await openEventStream(
      `http://127.0.0.1:${address.port}${adminApiPaths.events}`,
      {
        cookie: `${app.adminAuth.cookie.name}=${session}`,
      },
    );
    try {
      expect(stream.status).toBe(200);
      let ended = false;
      void stream.ended.then(() => {
        ended = true;
      });
      await adminRequest(app, {
        method: "DELETE",
        url: teamApiPaths.member(viewer.id),
        session: owner,
      });
      // Long before the next heartbeat (a minute away) would notice.
      await waitFor("the stream's end", () => ended, 3_000);
    } finally {
      stream.close();
    }
  });
});
