import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { baseSecurityHeaders } from "./plugins/security-headers.ts";

describe("buildApp without a database", () => {
  it("serves no server functions (a site-only instance), and says so in the JSON shape", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      const response = await app.inject({
        method: "POST",
        url: "/functions/v1/track-referrer",
        payload: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: "Not found" });
    } finally {
      await app.close();
    }
  });
});

describe("responses", () => {
  it("carry every security header and the strict non-page CSP, on answers and on 404s", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      for (const url of ["/healthz", "/no-such-thing"]) {
        const response = await app.inject({ url });
        for (const [name, value] of Object.entries(baseSecurityHeaders)) {
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        }
        expect(response.headers["content-security-policy"]).toBe(
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        );
        expect(response.headers["x-powered-by"]).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
