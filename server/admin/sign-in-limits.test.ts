// The sign-in limits a guesser meets through the real app: per account (known or not, the same answer), and a bound
// on password checks running at once; a session already signed in is never affected.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminApiPaths, adminErrors } from "../../contracts/admin-api.ts";
import {
  adminCredentials,
  adminEnv,
  adminRequest,
  buildAdminTestApp,
  signedIn,
  signIn,
} from "../test/admin.ts";
import { freshAddress } from "../test/app.ts";
import { openTestDatabase, type TestDatabase } from "../test/databases.ts";
import { defaultSignInLimits, type SignInLimits } from "./sign-in-limiter.ts";

describe("sign-in limits", () => {
  let test: TestDatabase;
  let now = 1_000_000;
  const apps: FastifyInstance[] = [];

  const start = async (signInLimits?: SignInLimits) => {
    const app = await buildAdminTestApp(test.database, adminEnv, {
      admin: { now: () => now, ...(signInLimits ? { signInLimits } : {}) },
    });
    apps.push(app);
    return app;
  };
  /** A guess from an address never seen before: the per-address limit never applies. */
  const guess = (app: FastifyInstance, email: string, password = "wrong password 123") =>
    signIn(app, { email, password }, freshAddress()).then(({ response }) => response);
  const expectLimited = (response: LightMyRequestResponse, maxSeconds: number) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: adminErrors.tooManySignIns });
    const retryAfter = Number(response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return retryAfter;
  };

  beforeAll(async () => {
    test = await openTestDatabase("sqlite");
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await test.database.db.deleteFrom("admin_sessions").execute();
  });
  afterAll(async () => {
    await test?.dispose();
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
      const limited = await guess(app, email, adminCredentials.password);
      expect(expectLimited(limited, 60)).toBe(60);
      now += 30_000;
      expect(expectLimited(await guess(app, email), 30)).toBe(30);
      now += 30_000;
      expect((await guess(app, email)).statusCode).toBe(401);
      expectLimited(await guess(app, email, adminCredentials.password), 60);
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
    expectLimited(await guess(app, adminCredentials.email), 60);
    const inbox = await adminRequest(app, { url: adminApiPaths.messages, session: token });
    expect(inbox.statusCode).toBe(200);
    const state = await adminRequest(app, { url: adminApiPaths.session, session: token });
    expect(state.json()).toMatchObject({ signedIn: true });
  });

  it("refuses password checks beyond the bound at once with 429, never queueing them", async () => {
    const app = await start({ ...defaultSignInLimits, maxConcurrentChecks: 2 });
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) => guess(app, `parallel${n}@boothpilot.example`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429, 429, 429]);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expectLimited(response, 1);
    }
    // Two checks at once, not eight one after another.
    expect(Date.now() - started).toBeLessThan(5_000);
    // Once they are done, checks run again.
    expect((await guess(app, "after@boothpilot.example")).statusCode).toBe(401);
  });
});
