import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects, openTestDatabase, type TestDatabase } from "../test/databases.ts";
import { compileOnce, compileRowsOnce } from "./compile-once.ts";

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

  it("runs a multi-row statement with each row's values in its place, whatever the number of rows", async () => {
    const insert = compileRowsOnce<{ day: string; salt: string }>(["salt", "day"], (trx, rows) =>
      trx.insertInto("address_salts").values(rows),
    );
    await test.database.db.deleteFrom("address_salts").execute();
    await test.database.db.transaction().execute(async (trx) => {
      await insert.execute(trx, dialect, [
        { day: "2026-02-01", salt: "a" },
        { day: "2026-02-02", salt: "b" },
      ]);
      await insert.execute(trx, dialect, [{ day: "2026-02-03", salt: "c" }]);
      await insert.execute(trx, dialect, [
        { day: "2026-02-04", salt: "d" },
        { day: "2026-02-05", salt: "e" },
      ]);
    });
    const rows = await test.database.db
      .selectFrom("address_salts")
      .selectAll()
      .orderBy("day")
      .execute();
    expect(rows.map((row) => `${row.day}=${row.salt}`)).toEqual([
      "2026-02-01=a",
      "2026-02-02=b",
      "2026-02-03=c",
      "2026-02-04=d",
      "2026-02-05=e",
    ]);
  });
});
