// The sign-in limits a guesser meets through the real app: per account (known or not, the same answer), per address
// (an IPv6 /64 as one); a session already signed in is never affected, no flood of new keys resets a limit, and a
// full table never holds the owner out. The bound on checks at once: password-checks.test.ts.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import {
  adminCredentials,
  adminEnv,
  adminRequest,
  expectAdminError,
  signedIn,
  signIn,
} from "../test/admin.ts";
import { freshAddress } from "../test/app.ts";
import { type AppLauncher, storageTest as it } from "../test/storage.ts";
import { defaultSignInLimits, type SignInLimits } from "./sign-in-limiter.ts";

describe("sign-in limits", () => {
  let apps: AppLauncher;
  let now = 1_000_000;

  const start = (signInLimits?: SignInLimits) =>
    apps.startAdmin(adminEnv, {
      testing: { now: () => now, ...(signInLimits ? { signInLimits } : {}) },
    });
  /** A guess from an address never seen before: the per-address limit never applies. */
  const guess = (app: FastifyInstance, email: string, password = "wrong password 123") =>
    signIn(app, { email, password }, freshAddress()).then(({ response }) => response);
  /** The device cookie a sign-in sets, as the browser sends it back. */
  const deviceCookieOf = (response: LightMyRequestResponse) => {
    const header = response.headers["set-cookie"];
    const cookies = Array.isArray(header) ? header : header ? [header] : [];
    const cookie = cookies.find((line) => /^(__Secure-)?bp_admin_device=/.test(line));
    if (!cookie) throw new Error("no device cookie");
    return cookie.split(";")[0];
  };
  const expectLimited = (response: LightMyRequestResponse, maxSeconds: number) => {
    expectAdminError(response, 429, "tooManySignIns");
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return retryAfter;
  };
  /** The per-account limit: 429 without Retry-After (it would tell a guesser when to try next). */
  const expectAccountLimited = (response: LightMyRequestResponse) => {
    expectAdminError(response, 429, "tooManySignIns");
    expect(response.headers["retry-after"]).toBeUndefined();
  };

  it.beforeEach(({ apps: launcher }) => {
    apps = launcher;
  });

  it.each([
    ["the account", adminCredentials.email],
    ["an address with no account", "nobody@boothpilot.example"],
  ])(
    "after 10 failures for %s from many addresses, allows one attempt a minute, answered alike",
    async (_label, email) => {
      const app = await start();
      for (let n = 0; n < 10; n++) expect((await guess(app, email)).statusCode).toBe(401);
      // The right password too: the account is limited, not the guess.
      expectAccountLimited(await guess(app, email, adminCredentials.password));
      now += 30_000;
      expectAccountLimited(await guess(app, email));
      now += 30_000;
      expect((await guess(app, email)).statusCode).toBe(401);
      expectAccountLimited(await guess(app, email, adminCredentials.password));
      now += 60_000;
      const last = await guess(app, email, adminCredentials.password);
      expect(last.statusCode).toBe(email === adminCredentials.email ? 200 : 401);
      // Other accounts are not limited by it.
      expect((await guess(app, "someone.else@boothpilot.example")).statusCode).toBe(401);
    },
  );

  it("never affects a session already signed in", async () => {
    const app = await start();
    const token = await signedIn(app);
    for (let n = 0; n < 11; n++) await guess(app, adminCredentials.email);
    expectAccountLimited(await guess(app, adminCredentials.email));
    const inbox = await adminRequest(app, { url: adminApiPaths.messages, session: token });
    expect(inbox.statusCode).toBe(200);
    const state = await adminRequest(app, { url: adminApiPaths.session, session: token });
    expect(state.json()).toMatchObject({ signedIn: true });
  });

  /** Limits of 2 attempts and 4 remembered keys: a few (slow) password checks reach them. */
  const small: SignInLimits = {
    ...defaultSignInLimits,
    perAddress: { ...defaultSignInLimits.perAddress, maxAttempts: 2 },
    perAccount: { ...defaultSignInLimits.perAccount, maxAttempts: 2 },
    maxKeys: 4,
  };

  it("counts an IPv6 client by its /64, as the functions' limits do", async () => {
    const app = await start(small);
    // Each guess names another account, so only the address's limit applies.
    const fromAddress = (address: string, n: number) =>
      signIn(
        app,
        { email: `v6guess${n}@boothpilot.example`, password: "wrong password 123" },
        address,
      ).then(({ response }) => response);
    expect((await fromAddress("2001:db8:1:2::1", 1)).statusCode).toBe(401);
    expect((await fromAddress("2001:db8:1:2::a:2", 2)).statusCode).toBe(401);
    expectLimited(await fromAddress("2001:db8:1:2:ffff:ffff:ffff:ffff", 3), 15 * 60);
    // Another /64 is another client.
    expect((await fromAddress("2001:db8:1:3::1", 4)).statusCode).toBe(401);
  });

  it("keeps a lock however many new keys follow: a locked window is never dropped", async () => {
    const app = await start(small);
    for (let n = 0; n < 2; n++) await guess(app, adminCredentials.email);
    expectAccountLimited(await guess(app, adminCredentials.email, adminCredentials.password));
    // More other accounts than the limit remembers.
    for (let n = 0; n < 6; n++) await guess(app, `flood${n}@boothpilot.example`);
    expectAccountLimited(await guess(app, adminCredentials.email, adminCredentials.password));
  });

  it("never refuses the owner's right password when every remembered address is locked, nor unlocks a flooder", async () => {
    // Behind a proxy: each flooding client is its own X-Forwarded-For address, as the IPv6 /64s were.
    const app = await apps.startAdmin(
      { ...adminEnv, TRUST_PROXY: "127.0.0.1" },
      { testing: { now: () => now, signInLimits: small } },
    );
    const viaProxy = (
      client: string,
      credentials: { email: string; password: string },
      cookie?: string,
    ) =>
      adminRequest(app, {
        method: "POST",
        url: adminApiPaths.session,
        payload: credentials,
        address: "127.0.0.1",
        headers: { "x-forwarded-for": client, ...(cookie ? { cookie } : {}) },
      });
    // The owner's browser signed in before: it holds the device cookie.
    const first = await viaProxy("198.51.100.1", adminCredentials);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    // More flooding clients than the limiter remembers (4), each locked after 2 failures on made-up accounts.
    const flooders = Array.from({ length: 6 }, (_, n) => `2001:db8:${n + 1}::1`);
    let made = 0;
    const flood = (client: string) =>
      viaProxy(client, {
        email: `flood${made++}@boothpilot.example`,
        password: "wrong password 123",
      });
    for (const client of flooders) {
      for (let n = 0; n < 2; n++) expect((await flood(client)).statusCode).toBe(401);
    }
    // The first four filled the table with locks, and no later key pushed one out.
    expectLimited(await flood(flooders[0] ?? ""), 15 * 60);
    // A new address with the right password, and the owner's browser from a locked address, sign in.
    expect((await viaProxy("203.0.113.7", adminCredentials)).statusCode).toBe(200);
    expect((await viaProxy(flooders[1] ?? "", adminCredentials, device)).statusCode).toBe(200);
    // Without the device cookie that address stays locked, whatever the password.
    expectLimited(await viaProxy(flooders[1] ?? "", adminCredentials), 15 * 60);
    expectLimited(await flood(flooders[0] ?? ""), 15 * 60);
  });

  it("leaves no window behind for a request the bound on checks at once refuses", async () => {
    const app = await start({ ...small, maxKeys: 10 });
    const email = "counted@boothpilot.example";
    expect((await guess(app, email)).statusCode).toBe(401);
    // Mostly refused at once by the bound (two checks at once): those must not push out the failure counted.
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, n) => guess(app, `parallel.flood${n}@boothpilot.example`)),
    );
    const checked = flood.filter((response) => response.statusCode === 401).length;
    expect(checked).toBeLessThan(9);
    expect((await guess(app, email)).statusCode).toBe(401);
    expectAccountLimited(await guess(app, email));
  });
});
