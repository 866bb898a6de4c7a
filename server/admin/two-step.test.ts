// Two-step sign-in on both databases with a fixed clock: setup confirmed by a current code and refused while
// two-step is on, sign-in asking for the code, a code used once, recovery codes used once and stored hashed, wrong
// codes counted on their own (a lock and an e-mail), and an owner requiring two-step of everyone.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import {
  type RecoveryCodes,
  type TwoStepSetup,
  teamApiPaths,
  teamErrors,
} from "../../contracts/team.ts";
import { adminEnv, adminRequest, expectAdminError, signIn } from "../test/admin.ts";
import { storeTeamMember } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";
import { defaultSignInLimits } from "./sign-in-limiter.ts";
import { totpCode } from "./two-step.ts";

/** 2026-11-27 10:00:00 UTC, a step's start: codes below are those of this clock. */
const start = Date.UTC(2026, 10, 27, 10, 0, 0);

describe.each(dialects)("two-step sign-in on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  let app: FastifyInstance;
  let now: number;

  const limits = {
    ...defaultSignInLimits,
    perAccount: { maxAttempts: 4, windowMs: 15 * 60_000, thenEveryMs: 60_000 },
  };

  it.beforeEach(async ({ apps }) => {
    now = start;
    app = await apps.startAdmin(adminEnv, { testing: { now: () => now, signInLimits: limits } });
    await app.ready();
  });

  const post = (session: string, url: string, payload: unknown = {}) =>
    adminRequest(app, { method: "POST", url, session, payload });

  /** Sets two-step up for the signed-in person; the secret and the recovery codes. */
  const setUp = async (session: string) => {
    const setup = (await post(session, teamApiPaths.twoStepSetup)).json() as TwoStepSetup;
    expect(setup.setupKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/BoothPilot%20console:/);
    const secret = setup.setupKey.replaceAll(" ", "");
    expect(setup.otpauthUri).toContain(`secret=${secret}`);

    const wrong = await post(session, teamApiPaths.twoStepConfirm, {
      code: totpCode(secret, now - 5 * 60_000),
    });
    expect(wrong.json()).toEqual({ error: teamErrors.badSetupCode });
    const confirmed = await post(session, teamApiPaths.twoStepConfirm, {
      code: totpCode(secret, now),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    return { secret, recoveryCodes };
  };

  it("asks for a current code at sign-in, and takes each code once", async () => {
    const person = await storeTeamMember(app, "editor");
    const session = (await signIn(app, person.credentials)).token ?? "";
    const { secret } = await setUp(session);

    const without = await signIn(app, person.credentials);
    expectAdminError(without.response, 401, "codeRequired");
    expect(without.token).toBeNull();

    // The code used to confirm the setup does not open a session.
    now += 10_000;
    const replayed = await signIn(app, {
      ...person.credentials,
      code: totpCode(secret, start),
    });
    expectAdminError(replayed.response, 401, "badCode");

    now += 30_000;
    const code = totpCode(secret, now);
    const signedIn = await signIn(app, { ...person.credentials, code });
    expect(signedIn.response.statusCode).toBe(200);
    expect(signedIn.response.json()).toMatchObject({ signedIn: true, twoStep: true });
    const again = await signIn(app, { ...person.credentials, code });
    expectAdminError(again.response, 401, "badCode");

    // A wrong password with a right code says nothing about the code.
    now += 30_000;
    const wrongPassword = await signIn(app, {
      email: person.credentials.email,
      password: "not the password at all",
      code: totpCode(secret, now),
    });
    expectAdminError(wrongPassword.response, 401, "badCredentials");
  });

  it("takes each recovery code once, and stores none of them", async () => {
    const person = await storeTeamMember(app, "viewer");
    const session = (await signIn(app, person.credentials)).token ?? "";
    const { recoveryCodes } = await setUp(session);
    const stored = await app.database.db.selectFrom("admin_recovery_codes").selectAll().execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toMatch(
      new RegExp(recoveryCodes.map((code) => code.replaceAll("-", "")).join("|")),
    );

    const code = recoveryCodes[3] ?? "";
    const first = await signIn(app, { ...person.credentials, code: code.toUpperCase() });
    expect(first.response.statusCode).toBe(200);
    const second = await signIn(app, { ...person.credentials, code });
    expectAdminError(second.response, 401, "badCode");
    expect(await app.repositories.adminAccounts.recoveryCodesLeft(person.id)).toBe(9);
  });

  it("counts wrong codes on their own: 5 lock the two-step step for 15 minutes and e-mail the person", async ({
    apps,
    smtp,
  }) => {
    // The team's mail on: the lock's notice goes out through it.
    app = await apps.startAdmin(
      { ...adminEnv, ...smtp.mailEnv() },
      { testing: { now: () => now, signInLimits: limits } },
    );
    app.outbox.start();
    const person = await storeTeamMember(app, "viewer");
    const session = (await signIn(app, person.credentials)).token ?? "";
    const { secret } = await setUp(session);
    const wrongCode = () => signIn(app, { ...person.credentials, code: "000000" });
    // More wrong codes than the password's limit (4 here) allows failures: the right password is not a failure.
    for (let attempt = 0; attempt < 5; attempt++) {
      expectAdminError((await wrongCode()).response, 401, "badCode");
    }
    now += 30_000;
    const locked = await signIn(app, { ...person.credentials, code: totpCode(secret, now) });
    expectAdminError(locked.response, 429, "tooManySignIns");
    // A wrong password is answered alike: the lock tells a guesser nothing about the password.
    const guess = await signIn(app, { ...person.credentials, password: "not the password 123" });
    expect(guess.response.statusCode).toBe(429);
    expect(guess.response.headers["retry-after"]).toBeUndefined();

    const mail = await waitFor("the lock's e-mail", () =>
      smtp.received.find((received) => received.envelope.to.includes(person.credentials.email)),
    );
    expect(mail.raw).toContain("Two-step sign-in to the BoothPilot console is locked");
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(
      "https://www.boothpilot.example/admin/account",
    );
    await waitFor("the mail marked sent", async () => {
      const rows = await app.database.db.selectFrom("outbox").select("status").execute();
      return rows.length === 1 && rows[0]?.status === "sent";
    });

    now += 15 * 60_000;
    const after = await signIn(app, { ...person.credentials, code: totpCode(secret, now) });
    expect(after.response.json()).toMatchObject({ signedIn: true });
    // One lock, one e-mail.
    expect(smtp.received).toHaveLength(1);
  });

  it("turns two-step off for the first owner recovered by a new ADMIN_PASSWORD", async ({
    apps,
  }) => {
    const owner = (await signIn(app)).token ?? "";
    await setUp(owner);
    expectAdminError((await signIn(app)).response, 401, "codeRequired");
    const recovered = { ...adminEnv, ADMIN_PASSWORD: "a new passphrase after the loss" };
    const restarted = await apps.startAdmin(recovered, { testing: { now: () => now } });
    const { response } = await signIn(restarted, {
      email: adminEnv.ADMIN_EMAIL,
      password: recovered.ADMIN_PASSWORD,
    });
    expect(response.json()).toMatchObject({ signedIn: true, twoStep: false });
    const accounts = restarted.repositories.adminAccounts;
    const account = await accounts.byEmail(adminEnv.ADMIN_EMAIL);
    expect(await accounts.recoveryCodesLeft(account?.id ?? "")).toBe(0);
  });

  it("refuses a new setup while two-step is on: it is turned off with the password first", async () => {
    const person = await storeTeamMember(app, "editor");
    const session = (await signIn(app, person.credentials)).token ?? "";
    const { secret } = await setUp(session);

    // A session alone (a stolen cookie) cannot swap in a key and recovery codes of its own.
    const again = await post(session, teamApiPaths.twoStepSetup);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: "Two-step sign-in is already on. Turn it off with your password to set it up again.",
    });
    now += 30_000;
    const confirm = await post(session, teamApiPaths.twoStepConfirm, {
      code: totpCode(secret, now),
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ error: teamErrors.twoStepAlreadyOn });
    expect(await app.repositories.adminAccounts.recoveryCodesLeft(person.id)).toBe(10);
    expect(
      (await signIn(app, { ...person.credentials, code: totpCode(secret, now) })).response
        .statusCode,
    ).toBe(200);

    const wrongPassword = await post(session, teamApiPaths.twoStepOff, {
      password: "not the password at all",
    });
    expect(wrongPassword.json()).toEqual({ error: teamErrors.wrongPassword });
    const off = await post(session, teamApiPaths.twoStepOff, {
      password: person.credentials.password,
    });
    expect(off.statusCode).toBe(204);
    const fresh = await setUp(session);
    expect(fresh.secret).not.toBe(secret);
  });

  it("lets an owner require two-step of everyone: a person without it may only set it up", async () => {
    const owner = (await signIn(app)).token ?? "";
    const person = await storeTeamMember(app, "editor");
    const required = await adminRequest(app, {
      method: "PUT",
      url: teamApiPaths.twoStepPolicy,
      session: owner,
      payload: { required: true },
    });
    expect(required.statusCode).toBe(204);

    const { response, token } = await signIn(app, person.credentials);
    expect(response.json()).toMatchObject({
      signedIn: true,
      twoStep: false,
      twoStepSetupNeeded: true,
    });
    const session = token ?? "";
    const refused = await adminRequest(app, { url: adminApiPaths.messages, session });
    expectAdminError(refused, 403, "twoStepSetupNeeded");

    await setUp(session);
    expect((await adminRequest(app, { url: adminApiPaths.messages, session })).statusCode).toBe(
      200,
    );
    const off = await post(session, teamApiPaths.twoStepOff, {
      password: person.credentials.password,
    });
    expect(off.json()).toEqual({ error: teamErrors.twoStepRequired });
  });
});
