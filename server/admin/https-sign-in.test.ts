// In production the session cookie is Secure: a sign-in that reached the server over plain HTTP (directly, or
// through a proxy that says so in X-Forwarded-Proto) is refused with a message naming HTTPS, and sets no cookie.
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import {
  adminCredentials,
  adminEnv,
  adminRequest,
  expectAdminError,
  sessionCookieOf,
} from "../test/admin.ts";
import { storageTest as it } from "../test/storage.ts";

const production = { ...adminEnv, NODE_ENV: "production", TRUST_PROXY: "127.0.0.1" };

describe("sign-in over plain HTTP in production", () => {
  const signInThrough = (proto: string, host = "www.fairgrounds.example") => ({
    method: "POST" as const,
    url: adminApiPaths.session,
    payload: adminCredentials,
    headers: { "x-forwarded-proto": proto, "x-forwarded-host": host, host: "127.0.0.1:3001" },
    address: "127.0.0.1",
  });

  it("is refused with 403 naming HTTPS, and no cookie", async ({ apps }) => {
    const app = await apps.startAdmin(production);
    const refused = await adminRequest(app, signInThrough("http"));
    expectAdminError(refused, 403, "httpsRequired");
    expect(refused.json().error).toContain("HTTPS");
    expect(refused.headers["set-cookie"]).toBeUndefined();
    // The same through a TLS proxy signs in, with the __Host- cookie.
    const signedIn = await adminRequest(app, signInThrough("https"));
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookieOf(signedIn)?.name).toBe("__Host-bp_admin_session");
  });

  it("is refused without a trusted proxy when the request itself came over plain HTTP", async ({
    apps,
  }) => {
    // Without TRUST_PROXY the socket decides: plain HTTP to a public name.
    const app = await apps.startAdmin({ ...adminEnv, NODE_ENV: "production" });
    const refused = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: adminCredentials,
      headers: { host: "www.fairgrounds.example" },
    });
    expectAdminError(refused, 403, "httpsRequired");
  });

  it("still signs in on a loopback name, where browsers keep a Secure cookie over HTTP", async ({
    apps,
  }) => {
    const app = await apps.startAdmin(production);
    for (const host of ["localhost:3001", "127.0.0.1:3001", "[::1]:3001"]) {
      const response = await adminRequest(app, {
        method: "POST",
        url: adminApiPaths.session,
        payload: adminCredentials,
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it("leaves a plain-HTTP site (SITE_URL http, not production) signing in", async ({ apps }) => {
    const app = await apps.startAdmin({ ...adminEnv, SITE_URL: "http://booth.lan" });
    const response = await adminRequest(app, {
      method: "POST",
      url: adminApiPaths.session,
      payload: adminCredentials,
      headers: { host: "booth.lan", origin: "http://booth.lan" },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)?.name).toBe("bp_admin_session");
  });
});
