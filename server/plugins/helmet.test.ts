import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { cspDirectives, expectStrictCsp } from "../test/headers.ts";
import { type SiteBuild, writeSiteBuild } from "../test/site-build.ts";
import { storageTest } from "../test/storage.ts";

const hsts = "max-age=63072000; includeSubDomains; preload";

/** What docs/deploy.md tells a static host to send on every response, read as a reader sees the bullet. */
async function documentedHeaders(): Promise<(readonly [string, string])[]> {
  const deploy = await readFile(join(import.meta.dirname, "../../docs/deploy.md"), "utf8");
  // The bullet's lines joined, each `Name: value` span one header.
  const bullet = /^- On every response:(.*?)(?=^- |^\n)/ms.exec(deploy)?.[1]?.replace(/\s+/g, " ");
  return [...(bullet ?? "").matchAll(/`([A-Za-z-]+): ([^`]+)`/g)].map(
    ([, name, value]) => [name!.toLowerCase(), value!] as const,
  );
}

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
      expectStrictCsp(healthz.headers["content-security-policy"]);
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

  it("are the ones docs/deploy.md tells a static host to send, on answers and on 404s", async () => {
    const documented = await documentedHeaders();
    expect(documented.map(([name]) => name)).toContain("strict-transport-security");
    const app = await buildApp({ env: parseEnv({}) });
    try {
      for (const url of ["/healthz", "/no-such-thing"]) {
        const response = await app.inject({ url });
        for (const [name, value] of documented)
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        expectStrictCsp(response.headers["content-security-policy"]);
        expect(response.headers["x-powered-by"]).toBeUndefined();
        // Cross-Origin-Opener-Policy only where someone is signed in (ADR 21).
        expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});

describe("security headers of a served site", () => {
  let build: SiteBuild;
  let app: FastifyInstance;

  storageTest.beforeAll(async ({ storage }) => {
    build = await writeSiteBuild(
      {
        "pricing.html": "<!DOCTYPE html><title>Pricing</title>",
        "assets/site-abc123.js": "console.log('site')",
      },
      [
        {
          path: "/pricing",
          file: "pricing.html",
          scriptHashes: ["'sha256-pricing'"],
          styleHashes: ["'sha256-pricing-css'"],
        },
      ],
    );
    const database = await storage.database("sqlite");
    app = await buildApp({ env: parseEnv({}), database, buildDir: build.dir });
  });
  afterAll(async () => {
    await app?.close();
    await build?.remove();
  });

  storageTest(
    "give a page its own CSP (its script hashes) beside every documented header",
    async () => {
      const documented = await documentedHeaders();
      for (const [url, hash] of [
        ["/pricing", "'sha256-pricing'"],
        ["/admin", "'sha256-console'"],
      ] as const) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        for (const [name, value] of documented)
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        const csp = cspDirectives(response.headers["content-security-policy"]);
        expect(csp["script-src"], url).toEqual(["'self'", hash]);
        // A page's critical CSS is allowed by its hash; the console inlines none.
        expect(csp["style-src"], url).toEqual(
          url === "/pricing" ? ["'self'", "'sha256-pricing-css'"] : ["'self'"],
        );
        expect(csp["frame-ancestors"], url).toEqual(["'none'"]);
        expect(csp["object-src"], url).toEqual(["'none'"]);
      }
      const missing = await app.inject({ url: "/no-such-page" });
      expect(missing.statusCode).toBe(404);
      expect(cspDirectives(missing.headers["content-security-policy"])["default-src"]).toEqual([
        "'self'",
      ]);
    },
  );

  storageTest(
    "cut the console's pages off from other origins' windows (COOP), and only those",
    async () => {
      for (const url of ["/admin", "/admin/messages/1", "/admin?next=%2Fadmin"]) {
        const response = await app.inject({ url });
        expect(response.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      }
      for (const url of ["/pricing", "/administrator", "/functions/v1/track-referrer"]) {
        const response = await app.inject({ url });
        expect(response.headers["cross-origin-opener-policy"], url).toBeUndefined();
      }
    },
  );

  storageTest("give scripts and stylesheets only what a subresource needs", async () => {
    const response = await app.inject({ url: "/assets/site-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const header of [
      "content-security-policy",
      "x-frame-options",
      "permissions-policy",
      "referrer-policy",
    ]) {
      expect(response.headers[header], header).toBeUndefined();
    }
  });
});
