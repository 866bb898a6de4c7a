import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseEnv } from "../env.ts";

describe("security headers", () => {
  it("send HSTS only on HTTPS requests (behind a trusted proxy) and the strict non-page CSP", async () => {
    const app = await buildApp({ env: parseEnv({ TRUST_PROXY: "127.0.0.1" }) });
    try {
      const plain = await app.inject({ url: "/healthz" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
      const secure = await app.inject({
        url: "/healthz",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(secure.headers["strict-transport-security"]).toBe(
        "max-age=63072000; includeSubDomains; preload",
      );
      expect(secure.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(secure.headers["x-content-type-options"]).toBe("nosniff");
      expect(secure.headers["x-frame-options"]).toBe("DENY");
    } finally {
      await app.close();
    }
  });

  it("ignore X-Forwarded-Proto from a client when no proxy is trusted", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      const spoofed = await app.inject({
        url: "/healthz",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
