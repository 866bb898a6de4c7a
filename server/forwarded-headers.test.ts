// Forged X-Forwarded-* headers from a client that reaches the port directly: whatever TRUST_PROXY allows, they
// never change the client address rate limits count by, the session cookie's Secure flag, or HSTS. With
// TRUST_PROXY unset, X-Forwarded-For is logged once as a sign of a proxy the server does not know.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { adminApiPaths } from "../contracts/admin-api.ts";
import { contactFormPath } from "../contracts/contact-form.ts";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { adminCredentials, adminEnv, sessionCookieOf } from "./test/admin.ts";
import { storageTest } from "./test/storage.ts";

/** A plain-http site, so that nothing but a forged header could make the answers HTTPS-only. */
const siteUrl = "http://localhost:3000";
let clientCounter = 0;
const directClient = () => `203.0.113.${++clientCounter}`;

const forged = (n: number) => ({
  "x-forwarded-for": `198.51.100.${n}, 192.0.2.${n}`,
  "x-forwarded-proto": "https",
  "x-forwarded-host": "www.boothpilot.example",
});

describe.each(["10.0.0.0/8, 192.168.1.1"])(
  "forged forwarded headers with TRUST_PROXY=%s",
  (trustProxy) => {
    const it = storageTest;
    let app: FastifyInstance;

    it.beforeAll(async ({ storage }) => {
      app = await storage
        .apps("sqlite")
        .startAdmin({ ...adminEnv, SITE_URL: siteUrl, TRUST_PROXY: trustProxy });
    });

    /** The statuses of `count` POSTs from one new client, the nth with forged(n) and the payload `payload(n)`. */
    const statusesFromOneClient = async (
      count: number,
      url: string,
      headers: Record<string, string>,
      payload: (n: number) => string | object,
    ) => {
      const client = directClient();
      const statuses: number[] = [];
      for (let n = 1; n <= count; n++) {
        const response = await app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/json", ...headers, ...forged(n) },
          payload: payload(n),
          remoteAddress: client,
        });
        statuses.push(response.statusCode);
      }
      return statuses;
    };

    it("never change the address the contact form's limit counts", async () => {
      const statuses = await statusesFromOneClient(6, contactFormPath, {}, () => "{}");
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    });

    it("never change the sign-in limit's address", async () => {
      const statuses = await statusesFromOneClient(
        11,
        adminApiPaths.session,
        { origin: siteUrl },
        (n) => ({
          email: `guess${n}@example.com`,
          password: "not the password",
        }),
      );
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it("never make the session cookie Secure or send HSTS on plain http", async () => {
      const response = await app.inject({
        method: "POST",
        url: adminApiPaths.session,
        headers: { "content-type": "application/json", origin: siteUrl, ...forged(1) },
        payload: adminCredentials,
        remoteAddress: directClient(),
      });
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)?.attributes).not.toContain("Secure");
      expect(response.headers["strict-transport-security"]).toBeUndefined();
      const health = await app.inject({
        url: "/healthz",
        headers: forged(2),
        remoteAddress: directClient(),
      });
      expect(health.headers["strict-transport-security"]).toBeUndefined();
    });
  },
);

/** The app with the environment given, its log lines collected. */
async function appLogging(env: Record<string, string>) {
  const lines: { level: number; msg: string }[] = [];
  const app = await buildApp({
    env: parseEnv(env),
    logger: { level: "info", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  return { app, warnings: () => lines.filter((line) => line.level === 40), lines };
}

describe("X-Forwarded-For with TRUST_PROXY unset", () => {
  it("is logged once as a warning naming TRUST_PROXY, without any address", async () => {
    const { app, warnings, lines } = await appLogging({});
    try {
      await app.inject({ url: "/healthz", remoteAddress: directClient() });
      expect(warnings()).toEqual([]);
      for (let n = 1; n <= 3; n++) {
        await app.inject({ url: "/healthz", headers: forged(n), remoteAddress: directClient() });
      }
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]?.msg).toMatch(
        /^requests carry X-Forwarded-For but TRUST_PROXY is unset: every visitor behind the proxy shares its address and rate limits; set TRUST_PROXY/,
      );
      expect(JSON.stringify(lines)).not.toMatch(/198\.51\.100|192\.0\.2|203\.0\.113/);
    } finally {
      await app.close();
    }
  });

  it("is not logged when TRUST_PROXY names the proxy", async () => {
    const { app, warnings } = await appLogging({ TRUST_PROXY: "203.0.113.0/24" });
    try {
      await app.inject({ url: "/healthz", headers: forged(1), remoteAddress: directClient() });
      expect(warnings()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
