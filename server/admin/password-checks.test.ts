// Every route that checks a password, through the real app: a signed-in person guessing their own password meets the
// sign-in limits (429 after 10 wrong tries), and no more scrypt runs go on at once, across sign-in, password
// changes, turning two-step off and one-time links, than the sign-in bound allows (held checks make it exact).
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect } from "vitest";
import { teamApiPaths } from "../../contracts/team.ts";
import {
  type AdminErrorKind,
  adminEnv,
  adminRequest,
  expectAdminError,
  signIn,
} from "../test/admin.ts";
import { storeTeamMember } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";
import { tokenHash } from "./auth.ts";
import { defaultSignInLimits } from "./sign-in-limiter.ts";

const wrongPassword = "not my password at all 7";
const newPassword = "violet kayaks cross the fjord 71";

/** The two routes that ask a signed-in person for their password, as the console calls them. */
const confirmations = [
  [
    "a password change",
    teamApiPaths.ownPassword,
    (password: string) => ({ currentPassword: password, newPassword }),
  ],
  ["turning two-step off", teamApiPaths.twoStepOff, (password: string) => ({ password })],
] as const;

const expectTooMany = (response: LightMyRequestResponse) =>
  expectAdminError(response, 429, "tooManyPasswordChecks");

describe.each(dialects)("password checks on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  for (const [label, url, body] of confirmations) {
    it(`refuses ${label} with 429 after 10 wrong tries, the right password too`, async ({
      apps,
    }) => {
      const app = await apps.startAdmin(adminEnv);
      const person = await storeTeamMember(app, "viewer");
      const session = (await signIn(app, person.credentials)).token ?? "";
      const attempt = (password: string) =>
        adminRequest(app, { method: "POST", url, session, payload: body(password) });
      for (let n = 0; n < 10; n++) expect((await attempt(wrongPassword)).statusCode).toBe(403);
      expectTooMany(await attempt(wrongPassword));
      expectTooMany(await attempt(person.credentials.password));
      // The same account's limit as sign-in: a new browser is held back too.
      const fresh = await signIn(app, person.credentials);
      expect(fresh.response.statusCode).toBe(429);
    });
  }
});

/** Where password checks wait while closed: the test sees how many got a slot and holds them there. */
class Gate {
  entered = 0;
  inside = 0;
  most = 0;
  #closed: Promise<void> | undefined;
  #release: (() => void) | undefined;

  close(): void {
    this.#closed = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  open(): void {
    this.#release?.();
    this.#closed = undefined;
  }

  readonly held = async (): Promise<void> => {
    this.entered++;
    this.inside++;
    this.most = Math.max(this.most, this.inside);
    try {
      await this.#closed;
    } finally {
      this.inside--;
    }
  };
}

describe("the bound on scrypt runs at once", () => {
  const it = storageTest;

  it("refuses every password route while sign-ins hold both slots, and sign-in while another route does", async ({
    apps,
  }) => {
    const gate = new Gate();
    const app = await apps.startAdmin(adminEnv, {
      testing: {
        signInLimits: { ...defaultSignInLimits, maxConcurrentChecks: 2 },
        passwordChecksHeld: gate.held,
      },
    });
    const person = await storeTeamMember(app, "viewer");
    const session = (await signIn(app, person.credentials)).token ?? "";
    const token = "a".repeat(43);
    await app.repositories.adminLinks.create({
      id: randomUUID(),
      purpose: "reset",
      email: person.credentials.email,
      role: "viewer",
      createdAt: Date.now(),
      expiresAt: Date.now() + 60 * 60_000,
      tokenHash: tokenHash(token),
      createdBy: null,
    });
    const post = (url: string, payload: unknown) =>
      adminRequest(app, { method: "POST", url, session, payload });
    const expectRefusedAtOnce = (response: LightMyRequestResponse, kind: AdminErrorKind) => {
      expectAdminError(response, 429, kind);
      expect(response.headers["retry-after"]).toBe("1");
    };

    gate.close();
    const entered = gate.entered;
    const signIns = [0, 1].map(() =>
      signIn(app, { ...person.credentials, password: wrongPassword }),
    );
    await waitFor("two sign-ins checking", () => gate.inside === 2);
    const others = [
      post(teamApiPaths.ownPassword, { currentPassword: person.credentials.password, newPassword }),
      post(teamApiPaths.twoStepOff, { password: person.credentials.password }),
      adminRequest(app, {
        method: "POST",
        url: teamApiPaths.linkAccept,
        payload: { token, name: "Dana", password: newPassword },
      }),
    ];
    for (const response of await Promise.all(others)) {
      expectRefusedAtOnce(response, "tooManyPasswordChecks");
    }
    expectRefusedAtOnce((await signIn(app, person.credentials)).response, "tooManySignIns");
    expect(gate.entered).toBe(entered + 2);
    gate.open();
    for (const { response } of await Promise.all(signIns)) expect(response.statusCode).toBe(401);

    gate.close();
    const changes = [0, 1].map(() =>
      post(teamApiPaths.ownPassword, { currentPassword: wrongPassword, newPassword }),
    );
    await waitFor("two password changes checking", () => gate.inside === 2);
    expectRefusedAtOnce((await signIn(app, person.credentials)).response, "tooManySignIns");
    gate.open();
    for (const response of await Promise.all(changes)) expect(response.statusCode).toBe(403);
    expect(gate.most).toBe(2);
    // The refused link still works.
    const accepted = await adminRequest(app, {
      method: "POST",
      url: teamApiPaths.linkAccept,
      payload: { token, name: "Dana", password: newPassword },
    });
    expect(accepted.statusCode).toBe(204);
  });
});
