// Device cookies on both databases, through the real app: a browser that signed in before signs in while guesses
// from rotating addresses hold the account back, a browser without the cookie (or with a forged one) is still held
// back, and a device has its own limit.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { adminCredentials, adminEnv, adminRequest, expectAdminError } from "../test/admin.ts";
import { adminAccount } from "../test/factories.ts";
import { type AppLauncher, dialects, storageTest } from "../test/storage.ts";
import { defaultSignInLimits, type SignInLimits } from "./sign-in-limiter.ts";

const deviceCookieName = "__Secure-bp_admin_device";

/** The device cookie a response sets, if any. */
function deviceCookieOf(response: LightMyRequestResponse) {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((line) => line.startsWith(`${deviceCookieName}=`));
  if (!cookie) return null;
  const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
  return { value: pair.slice(deviceCookieName.length + 1), attributes };
}

/** Three failures lock the account and two a device: a few (slow) password checks reach them. */
const limits: SignInLimits = {
  ...defaultSignInLimits,
  perAccount: { ...defaultSignInLimits.perAccount, maxAttempts: 3 },
  perDevice: { ...defaultSignInLimits.perDevice, maxAttempts: 2 },
};
const wrong = adminAccount({ password: "wrong password 123" }).credentials;

describe.each(dialects)("device cookies on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  const start = (apps: AppLauncher, env = adminEnv) =>
    apps.startAdmin(env, { testing: { signInLimits: limits } });
  /** A sign-in from a new address, with the device cookie `device` when given. */
  const signIn = (
    app: FastifyInstance,
    credentials: { email: string; password: string },
    device?: string,
  ) =>
    adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: credentials,
      headers: device === undefined ? {} : { cookie: `${deviceCookieName}=${device}` },
    });
  const expectHeldBack = (response: LightMyRequestResponse) =>
    expectAdminError(response, 429, "tooManySignIns");
  /** A browser that has signed in: its device cookie. */
  const deviceOf = async (app: FastifyInstance) => {
    const response = await signIn(app, adminCredentials);
    expect(response.statusCode).toBe(200);
    const cookie = deviceCookieOf(response);
    if (!cookie) throw new Error("no device cookie");
    return cookie;
  };

  it("is given at sign-in: HttpOnly, Secure, SameSite=Strict, sent to the sign-in only, for a year", async ({
    apps,
  }) => {
    const app = await start(apps);
    const cookie = await deviceOf(app);
    expect(cookie.attributes.sort()).toEqual(
      [
        "HttpOnly",
        "Max-Age=31536000",
        "Path=/admin/api/session",
        "SameSite=Strict",
        "Secure",
      ].sort(),
    );
    // It names the account, and only the server can sign one.
    expect(Buffer.from(cookie.value.split(".")[0] ?? "", "base64url").toString()).toBe(
      adminCredentials.email.toLowerCase(),
    );
  });

  it("lets a browser that signed in before sign in while guesses from rotating addresses hold the account back", async ({
    apps,
  }) => {
    const app = await start(apps);
    const device = (await deviceOf(app)).value;
    // The attack: each guess from another address.
    for (let n = 0; n < 3; n++) expect((await signIn(app, wrong)).statusCode).toBe(401);
    const withoutCookie = await signIn(app, adminCredentials);
    expectHeldBack(withoutCookie);
    expect(withoutCookie.headers["retry-after"]).toBeUndefined();
    const [login, nonce, signature = ""] = device.split(".");
    const forged = `${login}.${nonce}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expectHeldBack(await signIn(app, adminCredentials, forged));
    expectHeldBack(await signIn(app, adminCredentials, `${login}.other-nonce.${signature}`));

    const admin = await signIn(app, adminCredentials, device);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ signedIn: true });
    expect(deviceCookieOf(admin)).not.toBeNull();
    // Still held back without it.
    expectHeldBack(await signIn(app, adminCredentials));
  });

  it("limits a device on its own: its failures hold it back, not the account's other browsers", async ({
    apps,
  }) => {
    const app = await start(apps);
    const stolen = (await deviceOf(app)).value;
    const other = (await deviceOf(app)).value;
    for (let n = 0; n < 2; n++) expect((await signIn(app, wrong, stolen)).statusCode).toBe(401);
    const heldBack = await signIn(app, adminCredentials, stolen);
    expectHeldBack(heldBack);
    expect(Number(heldBack.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect((await signIn(app, adminCredentials, other)).statusCode).toBe(200);
    // The device's failures did not count against the account either.
    expect((await signIn(app, adminCredentials)).statusCode).toBe(200);
  });

  it("forgets every device when the password changes", { timeout: 120_000 }, async ({ apps }) => {
    const device = (await deviceOf(await start(apps))).value;
    const renewed = adminAccount({ password: "a new password 456" });
    const app = await start(apps, renewed.env);
    for (let n = 0; n < 3; n++) expect((await signIn(app, wrong)).statusCode).toBe(401);
    expectHeldBack(await signIn(app, renewed.credentials, device));
  });
});
