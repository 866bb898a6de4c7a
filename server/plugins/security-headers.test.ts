import { readFile } from "node:fs/promises";
import { join } from "node:path";
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

  it("are the ones docs/deploy.md tells a static host to send on every response", async () => {
    const deploy = await readFile(join(import.meta.dirname, "../../docs/deploy.md"), "utf8");
    // The bullet as a reader sees it: its lines joined, each `Name: value` span one header.
    const bullet = /^- On every response:(.*?)(?=^- |^\n)/ms
      .exec(deploy)?.[1]
      ?.replace(/\s+/g, " ");
    const documented = [...(bullet ?? "").matchAll(/`([A-Za-z-]+): ([^`]+)`/g)].map(
      ([, name, value]) => [name!.toLowerCase(), value!] as const,
    );
    expect(documented.map(([name]) => name)).toContain("strict-transport-security");
    const app = await buildApp({ env: parseEnv({}) });
    try {
      const response = await app.inject({ url: "/healthz" });
      for (const [name, value] of documented) expect(response.headers[name], name).toBe(value);
    } finally {
      await app.close();
    }
  });
});
