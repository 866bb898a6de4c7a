// Readiness as a load balancer sees it: 503 while starting, 200 when listening with the database answering, 503
// while the database is down (and 200 again after, without a crash), 503 while writes fail (a full disk), 503
// while draining.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contactFormLimits, contactFormPath } from "../contracts/contact-form.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "./db/database.ts";
import { buildTestApp, postJson } from "./test/app.ts";
import { dialects, storageTest } from "./test/storage.ts";
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
  storageTest("is 503 while starting, 200 once listening, 503 while draining", async ({ apps }) => {
    const app = await apps.start();
    await app.ready();
    expect(await readyz(app)).toEqual({ status: 503, body: { status: "starting" } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);
    app.readiness.drain();
    expect(await readyz(app)).toEqual({ status: 503, body: { status: "draining" } });
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

/**
 * Makes the database refuse writes while `select 1` still answers; returns what puts it back. SQLite: the real
 * full-disk error (SQLITE_FULL) from a size limit at the current size. PostgreSQL: the messages table gone.
 */
async function refuseWrites(database: AppDatabase): Promise<() => Promise<void>> {
  if (database.dialect === "sqlite") {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(database.db);
    await sql`pragma max_page_count = ${sql.raw(String(rows[0]?.page_count))}`.execute(database.db);
    return async () => {
      await sql`pragma max_page_count = 1073741823`.execute(database.db);
    };
  }
  await sql`alter table contact_messages rename to contact_messages_away`.execute(database.db);
  return async () => {
    await sql`alter table contact_messages_away rename to contact_messages`.execute(database.db);
  };
}

describe.each(dialects)("readiness when writes fail, on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  it("is 503 after a failed write until one commits, and the log names the first error", async ({
    freshDb,
    apps,
  }) => {
    const lines: { msg: string; err?: { message: string } }[] = [];
    const app = await apps.start(
      {},
      {
        logger: {
          level: "info",
          stream: { write: (line: string) => lines.push(JSON.parse(line)) },
        },
      },
    );
    // A message longer than a page: it needs room the database does not have.
    const submit = () =>
      postJson(app, contactFormPath, {
        name: "Ada",
        email: "ada@example.com",
        message: "d".repeat(contactFormLimits.message),
      });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const restore = await refuseWrites(freshDb);
    expect((await submit()).statusCode).toBe(500);
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "database writes failing" },
    });
    const errors = lines.flatMap((line) => (line.err ? [line.err.message] : []));
    expect(errors).toEqual([
      dialect === "sqlite"
        ? "database or disk is full"
        : expect.stringContaining("contact_messages"),
    ]);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);

    await restore();
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "database writes failing" },
    });
    expect((await submit()).statusCode).toBe(200);
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
  });
});
