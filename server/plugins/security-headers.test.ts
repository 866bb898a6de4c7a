import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseEnv } from "../env.ts";

const hsts = "max-age=63072000; includeSubDomains; preload";

describe("security headers", () => {
  it.each([
    ["SITE_URL is https (the default)", {}],
    ["NODE_ENV=production", { SITE_URL: "http://localhost:3000", NODE_ENV: "production" }],
  ])("send HSTS on every answer when %s, however the request arrived", async (_label, env) => {
    const app = await buildApp({ env: parseEnv(env) });
    try {
      // Plain http, as behind a TLS proxy without TRUST_PROXY.
      for (const url of ["/healthz", "/no-such-page", "/%ZZ"]) {
        const response = await app.inject({ url });
        expect(response.headers["strict-transport-security"], url).toBe(hsts);
      }
      const healthz = await app.inject({ url: "/healthz" });
      expect(healthz.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(healthz.headers["x-content-type-options"]).toBe("nosniff");
      expect(healthz.headers["x-frame-options"]).toBe("DENY");
    } finally {
      await app.close();
    }
  });

  it("send no HSTS on a plain-http site, even when a client claims https", async () => {
    const app = await buildApp({ env: parseEnv({ SITE_URL: "http://localhost:3000" }) });
    try {
      for (const headers of [{}, { "x-forwarded-proto": "https" }]) {
        const response = await app.inject({ url: "/healthz", headers });
        expect(response.headers["strict-transport-security"]).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
