import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestDatabase, type TestDatabase } from "../test/databases.ts";
import { compileOnce } from "./compile-once.ts";

describe.each(dialects)("compileOnce on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("runs the compiled query with each call's values, in the right places", async () => {
    const insert = compileOnce<{ day: string; salt: string }>(["salt", "day"], (trx, args) =>
      trx.insertInto("address_salts").values({ day: args.day, salt: args.salt }),
    );
    await test.database.db.transaction().execute(async (trx) => {
      await insert.execute(trx, dialect, { day: "2026-01-01", salt: "a" });
      await insert.execute(trx, dialect, { day: "2026-01-02", salt: "b" });
    });
    const rows = await test.database.db
      .selectFrom("address_salts")
      .selectAll()
      .orderBy("day")
      .execute();
    expect(rows).toEqual([
      { day: "2026-01-01", salt: "a" },
      { day: "2026-01-02", salt: "b" },
    ]);
  });

  it("refuses a named value frozen into the SQL, and a parameter that is not named", async () => {
    const frozen = compileOnce<{ day: string }>(["day"], (trx, args) =>
      trx.selectFrom("address_salts").select("salt").where("day", "=", sql.lit(args.day)),
    );
    const stray = compileOnce<{ day: string }>(["day"], (trx, args) =>
      trx
        .selectFrom("address_salts")
        .select("salt")
        .where("day", "=", args.day)
        .where("salt", "=", "x"),
    );
    const run = (query: typeof frozen) =>
      test.database.db
        .transaction()
        .execute((trx) => query.execute(trx, dialect, { day: "2026-01-01" }));
    await expect(run(frozen)).rejects.toThrow(/"day" is not a parameter/);
    await expect(run(stray)).rejects.toThrow(/is not a named value/);
  });
});
