// Readiness as a load balancer sees it: 503 while starting, 200 when listening with the database answering, 503
// while the database is down (and 200 again after, without a crash), 503 while draining.
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { buildTestApp } from "./test/app.ts";
import { openTestDatabase } from "./test/databases.ts";
import { startThrowawayPostgres, throwawayPostgresMissing } from "./test/throwaway-postgres.ts";

async function readyz(app: FastifyInstance) {
  const response = await app.inject({ url: "/readyz" });
  return { status: response.statusCode, body: response.json() as { status: string } };
}

async function until(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("readiness", () => {
  it("is 503 while starting, 200 once listening, 503 while draining", async () => {
    const test = await openTestDatabase("sqlite");
    const app = await buildTestApp(test.database);
    try {
      await app.ready();
      expect(await readyz(app)).toEqual({ status: 503, body: { status: "starting" } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
      expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
      app.readiness.drain();
      expect(await readyz(app)).toEqual({ status: 503, body: { status: "draining" } });
    } finally {
      await app.close();
      await test.dispose();
    }
  });

  const missing = throwawayPostgresMissing();
  it.skipIf(missing !== null)(
    `follows a PostgreSQL outage: 503 while it is down, 200 after, no crash${missing ? ` (skipped: ${missing})` : ""}`,
    { timeout: 60_000 },
    async () => {
      const postgres = await startThrowawayPostgres(3391);
      const database = await openDatabase({ dataDir: "", databaseUrl: postgres.url });
      const app = await buildTestApp(database);
      try {
        await migrateToLatest(database);
        await app.listen({ port: 0, host: "127.0.0.1" });
        expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });

        await postgres.stop();
        expect(await readyz(app)).toEqual({
          status: 503,
          body: { status: "database unreachable" },
        });
        expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);

        await postgres.start();
        await until(async () => (await readyz(app)).status === 200, 15_000);
        expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
      } finally {
        await app.close();
        await database.close();
        await postgres.remove();
      }
    },
  );
});
