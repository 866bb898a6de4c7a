import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearTables, dialects, openTestDatabase, type TestDatabase } from "../test/databases.ts";
import { WriteQueueClosedError } from "./write-queue.ts";

const salt = (day: string) => ({ day, salt: `salt of ${day}` });
const day = (n: number) => `2026-01-${String(n).padStart(3, "0")}`;

describe.each(dialects)("write queue (group commit) on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.dispose();
  });
  beforeEach(async () => {
    await clearTables(test.database);
  });

  /** Reads through a separate connection: sees only what is committed. */
  async function committedDays(): Promise<string[]> {
    if (dialect === "sqlite") {
      const other = new DatabaseSync(test.database.location, { readOnly: true });
      try {
        return other
          .prepare("select day from address_salts order by day")
          .all()
          .map((row) => String(row.day));
      } finally {
        other.close();
      }
    }
    const client = new pg.Client({ connectionString: test.config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ day: string }>(
        "select day from address_salts order by day",
      );
      return rows.map((row) => row.day);
    } finally {
      await client.end();
    }
  }

  it("commits concurrent writes in few transactions, each visible to others when its promise resolves", async () => {
    const { writes } = test.database;
    const before = { ...writes.stats };
    const seenAtResolve: boolean[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        writes
          .run((trx) =>
            trx
              .insertInto("address_salts")
              .values(salt(day(index)))
              .execute(),
          )
          .then(async () => {
            if (index % 50 === 0) seenAtResolve.push((await committedDays()).includes(day(index)));
          }),
      ),
    );
    expect(seenAtResolve).toEqual([true, true, true, true]);
    expect(await committedDays()).toHaveLength(200);
    const batches = writes.stats.batches - before.batches;
    expect(writes.stats.writes - before.writes).toBe(200);
    expect(batches).toBeLessThan(20);
    expect(writes.stats.largestBatch).toBeGreaterThan(10);
  });

  it("fails only the bad write of a batch; the others are committed", async () => {
    const { writes } = test.database;
    const results = await Promise.allSettled([
      writes.run((trx) => trx.insertInto("address_salts").values(salt("a")).execute()),
      // Same primary key twice: the second insert violates the constraint.
      writes.run(async (trx) => {
        await trx.insertInto("address_salts").values(salt("b")).execute();
        await trx.insertInto("address_salts").values(salt("b")).execute();
      }),
      writes.run((trx) => trx.insertInto("address_salts").values(salt("c")).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await committedDays()).toEqual(["a", "c"]);
  });

  it("returns each write's own result", async () => {
    const counts = await Promise.all(
      [1, 2, 3].map((n) =>
        test.database.writes.run(async (trx) => {
          await trx
            .insertInto("address_salts")
            .values(salt(`r${n}`))
            .execute();
          const { rows } = await sql<{ n: number }>`select ${n} * 10 as n`.execute(trx);
          return Number(rows[0]?.n);
        }),
      ),
    );
    expect(counts).toEqual([10, 20, 30]);
  });
});

describe("write queue closing", () => {
  it("commits what it accepted, then refuses new writes", async () => {
    const test = await openTestDatabase("sqlite");
    try {
      const { writes, db } = test.database;
      const accepted = Array.from({ length: 20 }, (_, index) =>
        writes.run((trx) =>
          trx
            .insertInto("address_salts")
            .values(salt(day(index)))
            .execute(),
        ),
      );
      const closed = writes.close();
      await expect(
        writes.run((trx) => trx.insertInto("address_salts").values(salt("late")).execute()),
      ).rejects.toBeInstanceOf(WriteQueueClosedError);
      await Promise.all(accepted);
      await closed;
      const rows = await db.selectFrom("address_salts").select("day").execute();
      expect(rows).toHaveLength(20);
    } finally {
      await test.dispose();
    }
  });
});
