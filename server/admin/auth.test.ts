// Admin sign-in on both databases, through the real app: the account set up from the environment, sessions and
// their cookie, expiry, sign-out, the sign-in limit, and the refusal of cross-site requests.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { type AdminSessionState, adminApiPaths } from "../../contracts/admin-api.ts";
import type { AppDatabase } from "../db/database.ts";
import {
  adminCredentials,
  adminEnv,
  adminErrorOf,
  adminRequest,
  expectAdminError,
  sameOrigin,
  sessionCookieOf,
  signedIn,
  signIn,
} from "../test/admin.ts";
import { freshAddress } from "../test/app.ts";
import { adminAccount } from "../test/factories.ts";
import { type AppLauncher, dialects, storageTest } from "../test/storage.ts";
import { defaultScryptParameters } from "./passwords.ts";

const minute = 60_000;
const hour = 60 * minute;
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Every admin API resource that needs a session, as [method, url]. */
const protectedCalls = [
  ["GET", adminApiPaths.messages],
  ["GET", adminApiPaths.message("7d0f4a52-5a8b-4c3e-9d1f-2b6a8c9e0f11")],
  ["POST", adminApiPaths.retryMail("7d0f4a52-5a8b-4c3e-9d1f-2b6a8c9e0f11")],
  ["GET", `${adminApiPaths.analytics}?days=7`],
] as const;

describe.each(dialects)("admin sign-in on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let apps: AppLauncher;

  const start = async (env: Record<string, string> = adminEnv) => {
    const app = await apps.startAdmin(env);
    await app.ready();
    return app;
  };
  const accounts = () => database.db.selectFrom("admin_users").selectAll().execute();
  const sessions = () => database.db.selectFrom("admin_sessions").selectAll().execute();
  /** Moves a session's sign-in and last use into the past. */
  const age = (token: string, times: { created_at?: number; last_seen_at?: number }) =>
    database.db
      .updateTable("admin_sessions")
      .set(times)
      .where("token_hash", "=", hashOf(token))
      .execute();
  const refresh = (app: FastifyInstance, token: string) =>
    adminRequest(app, { method: "POST", url: adminApiPaths.sessionRefresh, session: token });

  it.beforeEach(({ freshDb, apps: launcher }) => {
    database = freshDb;
    apps = launcher;
  });

  it("creates the account at start with a salted scrypt hash, never the password", async () => {
    // At production's cost: the other tests hash more cheaply (server/test/app.ts).
    const production = { testing: { passwordHashing: defaultScryptParameters } };
    await apps.startAdmin(adminEnv, production);
    const rows = await accounts();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.email).toBe("team.lead@boothpilot.example");
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{86}$/);
    expect(row?.password_hash).not.toContain(adminCredentials.password);

    // The same password hashed again gets another salt: the hash alone says nothing about the password.
    await database.db.deleteFrom("admin_users").execute();
    await apps.startAdmin(adminEnv, production);
    expect((await accounts())[0]?.password_hash).not.toBe(row?.password_hash);
  });

  it("signs in with the right credentials (any case of the address) and sets a strict, HttpOnly cookie", async () => {
    const app = await start();
    const { response, token } = await signIn(app, {
      email: "team.lead@boothpilot.EXAMPLE",
      password: adminCredentials.password,
    });
    expect(response.statusCode).toBe(200);
    const signedInAt = Date.now();
    expect(response.json()).toEqual({
      accountConfigured: true,
      signedIn: true,
      email: "team.lead@boothpilot.example",
      name: null,
      role: "owner",
      twoStep: false,
      twoStepSetupNeeded: false,
      expiresAt: expect.any(String),
      endsAt: expect.any(String),
      idleMs: 30 * minute,
    });
    // 30 minutes without use, 12 hours in all (OWASP ASVS for personal data).
    const { expiresAt, endsAt } = response.json() as AdminSessionState;
    expect(Date.parse(expiresAt ?? "") - signedInAt).toBeGreaterThan(30 * minute - 5_000);
    expect(Date.parse(expiresAt ?? "") - signedInAt).toBeLessThanOrEqual(30 * minute);
    expect(Date.parse(endsAt ?? "") - signedInAt).toBeGreaterThan(12 * hour - 5_000);
    expect(Date.parse(endsAt ?? "") - signedInAt).toBeLessThanOrEqual(12 * hour);
    expect(response.headers["cache-control"]).toBe("no-store");
    const cookie = sessionCookieOf(response);
    expect(token).toMatch(/^[\w-]{43}$/);
    // SITE_URL is https (its default): the __Host- cookie, Secure, whatever the request came over.
    expect(cookie?.name).toBe("__Host-bp_admin_session");
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining([
        "Path=/",
        "HttpOnly",
        "SameSite=Strict",
        "Secure",
        `Max-Age=${12 * 60 * 60}`,
      ]),
    );

    // Only the token's SHA-256 is stored.
    const stored = await sessions();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toBe(
      createHash("sha256")
        .update(token ?? "")
        .digest("base64url"),
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    const state = await adminRequest(app, { url: adminApiPaths.session, session: token ?? "" });
    expect(state.json()).toMatchObject({
      accountConfigured: true,
      signedIn: true,
      email: "team.lead@boothpilot.example",
    });
    const inbox = await adminRequest(app, { url: adminApiPaths.messages, session: token ?? "" });
    expect(inbox.statusCode).toBe(200);
  });

  it("answers a wrong password and an unknown address alike: 401, one generic text, no cookie", async () => {
    const app = await start();
    const wrongPassword = await signIn(app, {
      email: adminCredentials.email,
      password: "correct horse battery stapler",
    });
    const unknownAddress = await signIn(app, {
      email: "someone.else@boothpilot.example",
      password: adminCredentials.password,
    });
    for (const { response, token } of [wrongPassword, unknownAddress]) {
      expectAdminError(response, 401, "badCredentials");
      expect(token).toBeNull();
    }
    expect(await sessions()).toHaveLength(0);
  });

  it("refuses a malformed or oversized sign-in with a clear 400 or 413", async () => {
    const app = await start();
    const missing = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: { email: adminCredentials.email },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "password is required" });
    const extra = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: { ...adminCredentials, admin: true },
    });
    expect(extra.statusCode).toBe(400);
    const broken = await app.inject({
      method: "POST",
      url: adminApiPaths.session,
      headers: { ...sameOrigin, "content-type": "application/json" },
      payload: '{"email": ',
    });
    expectAdminError(broken, 400, "invalidJson");
    const huge = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: { email: adminCredentials.email, password: "x".repeat(5_000) },
    });
    expectAdminError(huge, 413, "tooLarge");
    expect(await sessions()).toHaveLength(0);
  });

  it("limits failed sign-ins per address (even with RATE_LIMIT=off): 429 with Retry-After, right password included", async () => {
    const app = await start({ ...adminEnv, RATE_LIMIT: "off" });
    const address = freshAddress();
    // Each guess names another account, so only the address's limit applies.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = { email: `guess${attempt}@boothpilot.example`, password: "not the password" };
      expect((await signIn(app, wrong, address)).response.statusCode).toBe(401);
    }
    const refused = await signIn(app, adminCredentials, address);
    expectAdminError(refused.response, 429, "tooManySignIns");
    const retryAfter = Number(refused.response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.token).toBeNull();

    // Another address is not affected.
    expect((await signIn(app, adminCredentials, freshAddress())).response.statusCode).toBe(200);
  });

  it("does not count successful sign-ins against the address", async () => {
    const app = await start();
    const address = freshAddress();
    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await signIn(app, adminCredentials, address)).response.statusCode).toBe(200);
    }
  });

  it("answers 401 to every protected call without a valid session, never cached", async () => {
    const app = await start();
    for (const [method, url] of protectedCalls) {
      for (const session of [undefined, "not-a-token", "A".repeat(43)]) {
        const response = await adminRequest(app, { method, url, session });
        expect(adminErrorOf(response), `${method} ${url}`).toEqual({
          status: 401,
          kind: "signInRequired",
        });
        expect(response.headers["cache-control"]).toBe("no-store");
      }
    }
    const state = await adminRequest(app, { url: adminApiPaths.session });
    expect(state.json()).toEqual({
      accountConfigured: true,
      signedIn: false,
      email: null,
      name: null,
      role: null,
      twoStep: false,
      twoStepSetupNeeded: false,
      expiresAt: null,
      endsAt: null,
      idleMs: 30 * minute,
    });
  });

  it("ends a session after 30 minutes without use, and 12 hours after sign-in however busy", async () => {
    const app = await start();
    const [idle, fresh, old, young] = [
      await signedIn(app),
      await signedIn(app),
      await signedIn(app),
      await signedIn(app),
    ];
    const now = Date.now();
    await age(idle, { last_seen_at: now - 30 * minute - 1_000 });
    await age(fresh, { last_seen_at: now - 29 * minute });
    await age(old, { created_at: now - 12 * hour - 1_000, last_seen_at: now - 1_000 });
    await age(young, { created_at: now - 11 * hour - 59 * minute, last_seen_at: now - 1_000 });
    for (const token of [idle, old]) {
      const response = await adminRequest(app, { url: adminApiPaths.messages, session: token });
      expect(response.statusCode).toBe(401);
      // The browser is told to drop the cookie.
      expect(sessionCookieOf(response)?.attributes).toEqual(
        expect.arrayContaining(["Path=/", "Max-Age=0"]),
      );
    }
    for (const token of [fresh, young]) {
      const response = await adminRequest(app, { url: adminApiPaths.messages, session: token });
      expect(response.statusCode).toBe(200);
    }
    expect(await sessions()).toHaveLength(2);
  });

  it("refreshes a session: a new token, the old one ended at once, the absolute limit kept", async () => {
    const app = await start();
    const token = await signedIn(app);
    const signedInAt = Number((await sessions())[0]?.created_at);
    // Used 25 minutes ago: 5 minutes before it goes idle.
    await age(token, { last_seen_at: Date.now() - 25 * minute });
    const response = await refresh(app, token);
    expect(response.statusCode).toBe(200);
    const next = sessionCookieOf(response);
    expect(next?.token).toMatch(/^[\w-]{43}$/);
    expect(next?.token).not.toBe(token);
    const state = response.json() as AdminSessionState;
    expect(state).toMatchObject({ signedIn: true, email: "team.lead@boothpilot.example" });
    // A fresh idle limit, the same absolute one.
    expect(Date.parse(state.expiresAt ?? "")).toBeGreaterThan(Date.now() + 29 * minute);
    expect(Date.parse(state.endsAt ?? "")).toBe(signedInAt + 12 * hour);

    const old = await adminRequest(app, { url: adminApiPaths.messages, session: token });
    expect(old.statusCode).toBe(401);
    expect((await refresh(app, token)).statusCode).toBe(401);
    const fresh = await adminRequest(app, {
      url: adminApiPaths.messages,
      session: next?.token ?? "",
    });
    expect(fresh.statusCode).toBe(200);
    expect(await sessions()).toHaveLength(1);
  });

  it("never refreshes past the absolute limit: the cookie lasts only until then, and the session ends then", async () => {
    const app = await start();
    const token = await signedIn(app);
    const now = Date.now();
    await age(token, { created_at: now - 12 * hour + 10 * minute });
    const response = await refresh(app, token);
    expect(response.statusCode).toBe(200);
    const state = response.json() as AdminSessionState;
    // Ten minutes left: the refresh cannot give thirty.
    expect(state.expiresAt).toBe(state.endsAt);
    expect(Date.parse(state.endsAt ?? "")).toBe(now - 12 * hour + 10 * minute + 12 * hour);
    const maxAge = Number(
      sessionCookieOf(response)
        ?.attributes.find((attribute) => attribute.startsWith("Max-Age="))
        ?.slice("Max-Age=".length),
    );
    expect(maxAge).toBeGreaterThan(9 * 60);
    expect(maxAge).toBeLessThanOrEqual(10 * 60);
    // Past the limit, the refreshed token is refused like any other.
    await database.db
      .updateTable("admin_sessions")
      .set({ created_at: now - 12 * hour - 1_000 })
      .execute();
    expect((await refresh(app, sessionCookieOf(response)?.token ?? "")).statusCode).toBe(401);
    expect(await sessions()).toHaveLength(0);
  });

  it("refuses a refresh without a session, or from another origin", async () => {
    const app = await start();
    const token = await signedIn(app);
    const none = await adminRequest(app, { method: "POST", url: adminApiPaths.sessionRefresh });
    expectAdminError(none, 401, "signInRequired");
    const crossSite = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.sessionRefresh,
      session: token,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    // The session is untouched.
    const still = await adminRequest(app, { url: adminApiPaths.messages, session: token });
    expect(still.statusCode).toBe(200);
  });

  it("keeps a session in use: its last use is recorded", async () => {
    const app = await start();
    const token = await signedIn(app);
    const hash = createHash("sha256").update(token).digest("base64url");
    const twentyMinutesAgo = Date.now() - 20 * minute;
    await database.db
      .updateTable("admin_sessions")
      .set({ last_seen_at: twentyMinutesAgo })
      .where("token_hash", "=", hash)
      .execute();
    expect(
      (await adminRequest(app, { url: adminApiPaths.messages, session: token })).statusCode,
    ).toBe(200);
    const [row] = await sessions();
    expect(Number(row?.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("signs out: the session row is deleted, the cookie cleared, the old cookie refused", async () => {
    const app = await start();
    const token = await signedIn(app);
    const response = await adminRequest(app, {
      method: "DELETE",
      url: adminApiPaths.session,
      session: token,
    });
    expect(response.statusCode).toBe(204);
    expect(sessionCookieOf(response)?.attributes).toContain("Max-Age=0");
    expect(await sessions()).toHaveLength(0);
    const after = await adminRequest(app, { url: adminApiPaths.messages, session: token });
    expect(after.statusCode).toBe(401);
  });

  it("refuses state-changing requests from another origin (CSRF) and bodies that are not JSON", async () => {
    const app = await start();
    const token = await signedIn(app);
    const crossSite = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
      {},
    ];
    for (const headers of crossSite) {
      for (const [method, url, payload] of [
        ["POST", adminApiPaths.session, adminCredentials],
        ["DELETE", adminApiPaths.session, {}],
        ["POST", adminApiPaths.retryMail("7d0f4a52-5a8b-4c3e-9d1f-2b6a8c9e0f11"), {}],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: {
            "content-type": "application/json",
            cookie: `__Host-bp_admin_session=${token}`,
            ...headers,
          },
          payload: JSON.stringify(payload),
          remoteAddress: freshAddress(),
        });
        expect(adminErrorOf(response), `${method} ${url} ${JSON.stringify(headers)}`).toEqual({
          status: 403,
          kind: "crossOrigin",
        });
      }
    }
    // A form post from the right origin is still refused: only JSON changes anything.
    const form = await app.inject({
      method: "POST",
      url: adminApiPaths.session,
      headers: { ...sameOrigin, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(adminCredentials).toString(),
      remoteAddress: freshAddress(),
    });
    expectAdminError(form, 415, "jsonOnly");
    // Nothing changed: the session still works, no other one was made.
    expect(await sessions()).toHaveLength(1);
    expect(
      (await adminRequest(app, { url: adminApiPaths.messages, session: token })).statusCode,
    ).toBe(200);
  });

  it("accepts the origin the request reached, as well as SITE_URL", async () => {
    const app = await start();
    const response = await app.inject({
      method: "POST",
      url: adminApiPaths.session,
      headers: {
        host: "127.0.0.1:4373",
        origin: "http://127.0.0.1:4373",
        "content-type": "application/json",
      },
      payload: JSON.stringify(adminCredentials),
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
  });

  it("applies a changed password at the next start: the old one fails, the new one works, sessions end", async () => {
    const first = await start();
    const before = await signedIn(first);
    // A restart with the same credentials keeps the account and its sessions.
    const same = await start();
    expect(
      (await adminRequest(same, { url: adminApiPaths.messages, session: before })).statusCode,
    ).toBe(200);

    const renewed = adminAccount({ password: "a much longer new passphrase" });
    const changed = await start(renewed.env);
    expect(await accounts()).toHaveLength(1);
    expect(
      (await adminRequest(changed, { url: adminApiPaths.messages, session: before })).statusCode,
    ).toBe(401);
    expect((await signIn(changed)).response.statusCode).toBe(401);
    const { response } = await signIn(changed, renewed.credentials);
    expect(response.statusCode).toBe(200);
  });

  it("makes a new ADMIN_EMAIL an owner and keeps the rest of the team", async () => {
    await start();
    const owner = adminAccount({ email: "owner@boothpilot.example" });
    const app = await start(owner.env);
    const rows = await accounts();
    expect(rows.map((row) => [row.email, row.role]).sort()).toEqual([
      ["owner@boothpilot.example", "owner"],
      ["team.lead@boothpilot.example", "owner"],
    ]);
    expect((await signIn(app)).response.statusCode).toBe(200);
    expect((await signIn(app, owner.credentials)).response.statusCode).toBe(200);
  });

  it("without ADMIN_EMAIL and ADMIN_PASSWORD: says no account is configured, refuses sign-in, removes a stored one", async () => {
    const configured = await start();
    const token = await signedIn(configured);
    const app = await start({});
    expect(await accounts()).toHaveLength(0);
    const state = await adminRequest(app, { url: adminApiPaths.session, session: token });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ accountConfigured: false, signedIn: false, email: null });
    const { response } = await signIn(app);
    expectAdminError(response, 403, "noAccount");
    expect(
      (await adminRequest(app, { url: adminApiPaths.messages, session: token })).statusCode,
    ).toBe(401);
  });

  it("answers unknown admin API paths with a JSON 404, not the console page", async () => {
    const app = await start();
    const response = await adminRequest(app, { url: "/admin/api/users" });
    expectAdminError(response, 404, "notFound");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
