// The session cookie a browser receives: on an HTTPS site (SITE_URL https, or NODE_ENV=production) always Secure
// with the __Host- prefix, however the request reached the server; on a plain-http site usable over http.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { adminEnv, adminRequest, sessionCookieOf } from "../test/admin.ts";
import { type AppLauncher, storageTest as it } from "../test/storage.ts";

describe("the admin session cookie", () => {
  let apps: AppLauncher;
  const start = (env: Record<string, string>) => apps.startAdmin({ ...adminEnv, ...env });

  it.beforeEach(({ apps: launcher }) => {
    apps = launcher;
  });

  const signInFrom = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: "POST",
      url: adminApiPaths.session,
      headers: { "content-type": "application/json", origin },
      payload: { email: adminEnv.ADMIN_EMAIL, password: adminEnv.ADMIN_PASSWORD },
    });

  it.each<[string, Record<string, string>]>([
    ["SITE_URL is https", {}],
    ["NODE_ENV=production", { SITE_URL: "http://localhost:3000", NODE_ENV: "production" }],
  ])(
    "is __Host-, Secure and Path=/ when %s, over plain http too (a TLS proxy without TRUST_PROXY)",
    async (_label, env) => {
      const app = await start(env);
      const origin = env.SITE_URL ?? "https://www.boothpilot.example";
      const response = await signInFrom(app, origin);
      expect(response.statusCode).toBe(200);
      const cookie = sessionCookieOf(response);
      expect(cookie?.name).toBe("__Host-bp_admin_session");
      expect(cookie?.attributes.sort()).toEqual(
        ["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Strict", "Secure"].sort(),
      );
      expect(cookie?.attributes.some((attribute) => attribute.startsWith("Domain"))).toBe(false);
      expect(response.headers["strict-transport-security"]).toBe(
        "max-age=63072000; includeSubDomains; preload",
      );
      const state = await app.inject({
        url: adminApiPaths.session,
        headers: { cookie: `__Host-bp_admin_session=${cookie?.token}` },
      });
      expect(state.json()).toMatchObject({ signedIn: true });
    },
  );

  it("is usable over plain http on a plain-http site: no Secure, sent to /admin only", async () => {
    const app = await start({ SITE_URL: "http://localhost:3000" });
    const response = await signInFrom(app, "http://localhost:3000");
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    expect(cookie?.name).toBe("bp_admin_session");
    expect(cookie?.attributes.sort()).toEqual(
      ["HttpOnly", "Max-Age=43200", "Path=/admin", "SameSite=Strict"].sort(),
    );
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    const inbox = await adminRequest(app, {
      url: adminApiPaths.messages,
      session: cookie?.token,
    });
    expect(inbox.statusCode).toBe(200);
  });
});
