// Readiness as a load balancer sees it: 503 while starting, 200 when listening with the database answering, 503
// while the database is down (and 200 again after, without a crash), 503 while writes fail (a full disk, also
// right after a restart on one, and for as long as it lasts), 503 while draining. A write refused because the
// database is away or full is a 503 with Retry-After.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import {
  contactFormErrors,
  contactFormLimits,
  contactFormPath,
} from "../contracts/contact-form.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "./db/database.ts";
import { buildTestApp, postJson } from "./test/app.ts";
import { contactFormPost } from "./test/factories.ts";
import { describeEachDialect, storageTest } from "./test/storage.ts";
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
        // A write refused while the database is away: 503 with Retry-After, the body of a 500.
        const refused = await postJson(app, contactFormPath, contactFormPost());
        expect([refused.statusCode, refused.headers["retry-after"], refused.json()]).toEqual([
          503,
          "30",
          { success: false, error: contactFormErrors.failed },
        ]);
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
 * full-disk error (SQLITE_FULL) from a size limit at the current size, its free pages filled as a full disk's
 * would be. PostgreSQL: the tables that a message and the readiness probe are written to gone.
 */
async function refuseWrites(database: AppDatabase): Promise<() => Promise<void>> {
  const { db } = database;
  if (database.dialect === "sqlite") {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql`pragma max_page_count = ${sql.raw(String(rows[0]?.page_count))}`.execute(db);
    try {
      await sql`create table disk_filler (x blob)`.execute(db);
      for (;;) await sql`insert into disk_filler values (randomblob(1000))`.execute(db);
    } catch (error) {
      expect(String(error)).toContain("database or disk is full");
    }
    return async () => {
      await sql`pragma max_page_count = 1073741823`.execute(db);
      await sql`drop table if exists disk_filler`.execute(db);
    };
  }
  await sql`alter table contact_messages rename to contact_messages_away`.execute(db);
  await sql`alter table write_probe rename to write_probe_away`.execute(db);
  return async () => {
    await sql`alter table contact_messages_away rename to contact_messages`.execute(db);
    await sql`alter table write_probe_away rename to write_probe`.execute(db);
  };
}

describeEachDialect("readiness when writes fail, on %s", (it, dialect) => {
  it("is 503 after a failed write, however long, until a write can commit; the log names the first error", async ({
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
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
    const restore = await refuseWrites(freshDb);
    const refused = await submit();
    // A full disk is an outage the client may wait out (503, Retry-After); a table gone is a fault (500).
    if (dialect === "sqlite") {
      expect([refused.statusCode, refused.headers["retry-after"]]).toEqual([503, "30"]);
    } else {
      expect([refused.statusCode, refused.headers["retry-after"]]).toEqual([500, undefined]);
    }
    expect(refused.json()).toEqual({ success: false, error: contactFormErrors.failed });
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "database writes failing" },
    });
    // No clock turns it ready while writes would still fail.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 });
    try {
      expect(await readyz(app)).toEqual({
        status: 503,
        body: { status: "database writes failing" },
      });
    } finally {
      vi.useRealTimers();
    }
    const errors = lines.flatMap((line) => (line.err ? [line.err.message] : []));
    expect(errors).toEqual([
      dialect === "sqlite"
        ? "database or disk is full"
        : expect.stringContaining("contact_messages"),
    ]);
    expect((await app.inject({ url: "/healthz" })).statusCode).toBe(200);

    // Room again: the next check's own write commits, before any visitor's.
    await restore();
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
    expect((await submit()).statusCode).toBe(200);
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
  });

  it("is 503 after a start on a still-full disk, before any write, and 200 once a write can commit", async ({
    freshDb,
    apps,
  }) => {
    const app = await apps.start();
    await app.ready();
    const restore = await refuseWrites(freshDb);
    await app.listen({ port: 0, host: "127.0.0.1" });
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "database writes failing" },
    });
    expect(await readyz(app)).toEqual({
      status: 503,
      body: { status: "database writes failing" },
    });
    await restore();
    expect(await readyz(app)).toEqual({ status: 200, body: { status: "ready" } });
    // The probe keeps nothing.
    expect(await freshDb.db.selectFrom("write_probe").selectAll().execute()).toEqual([]);
  });
});
