import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";

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

/** What a client receives on every answer that is not a JSON API's, written out as sent. */
const documentHeaders = {
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
};

describe("responses", () => {
  it("carry every security header and the strict non-page CSP, on answers and on 404s", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      for (const url of ["/healthz", "/no-such-thing"]) {
        const response = await app.inject({ url });
        for (const [name, value] of Object.entries(documentHeaders)) {
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        }
        expect(response.headers["content-security-policy"]).toBe(
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        );
        expect(response.headers["x-powered-by"]).toBeUndefined();
        // Cross-Origin-Opener-Policy only where someone is signed in (ADR 21).
        expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });

  it("cut the console's pages off from other origins' windows (COOP), and only those", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      for (const url of ["/admin", "/admin/messages/1", "/admin?next=%2Fadmin"]) {
        const response = await app.inject({ url });
        expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
        for (const [name, value] of Object.entries(documentHeaders)) {
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        }
      }
      for (const url of ["/", "/pricing", "/administrator", "/functions/v1/track-referrer"]) {
        const response = await app.inject({ url });
        expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
