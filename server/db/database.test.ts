// The storage itself on both databases: SQLite's file and settings, the migrations (every table exactly, applied
// once, safe when instances run them at once) and stored values read back as written. Every database is the
// storageTest fixture's: the tests of the migrations take one never migrated (emptyDb, emptyDbConfig).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { referrerVisit } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { migrateToLatest, openDatabase } from "./database.ts";

/** Every table the migrations create, sorted: one missing or one more fails. */
const tables = [
  "acknowledged_senders",
  "address_salts",
  "admin_audit",
  "admin_links",
  "admin_recovery_codes",
  "admin_sessions",
  "admin_settings",
  "admin_users",
  "contact_messages",
  "contact_submission_guard",
  "form_flashes",
  "outbox",
  "rate_limit_counters",
  "referrer_visits",
  "rollup_queue",
  "server_secrets",
  "site_events",
  "trusted_senders",
  "visit_rollups",
  "visit_rollups_by_hour",
  "visit_rollups_by_key",
  "visit_rollups_by_key_week",
  "visit_steps",
  "write_probe",
];
/**
 * The migrations, read from their folder (a file's name orders it): one that migrations/index.ts does not register
 * is never applied, and fails the tests below.
 */
const migrations = readdirSync(join(import.meta.dirname, "migrations"))
  .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();

describe("SQLite storage", () => {
  const it = storageTest;
  it.override("dialect", "sqlite");

  it("creates DATA_DIR and site.db on first start, in WAL mode with synchronous=FULL", async ({
    emptyDbConfig,
  }) => {
    // The opening itself is under test: a folder not made yet, inside the fixture's own (removed with it).
    const nested = join(emptyDbConfig.dataDir, "not", "yet");
    const database = await openDatabase({ dataDir: nested });
    try {
      expect(database.location).toBe(join(nested, "site.db"));
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(
        database.db,
      );
      expect(journal.rows[0]?.journal_mode).toBe("wal");
      expect(synchronous.rows[0]?.synchronous).toBe(2); // FULL
    } finally {
      await database.close();
    }
  });

  it("migrates safely when two processes start on the same file at once", async ({
    emptyDbConfig: { dataDir },
  }) => {
    // Each process opens the fixture's database itself: separate processes are what races here.
    // All three wait for the same instant after their start-up, so their migrations really overlap.
    const startAt = Date.now() + 2_000;
    const script = [
      `import { migrateToLatest, openDatabase } from ${JSON.stringify(join(import.meta.dirname, "database.ts"))};`,
      `const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });`,
      `await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()));`,
      "console.log(JSON.stringify(await migrateToLatest(database)));",
      "await database.close();",
    ].join("\n");
    const runOne = () =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
        });
        child.stderr.on("data", (chunk) => {
          err += chunk;
        });
        child.on("close", (code) => resolve({ code, out, err }));
      });
    const results = await Promise.all([runOne(), runOne(), runOne()]);
    for (const result of results) expect(result.code, result.err).toBe(0);
    const applied = results.map((result) => JSON.parse(result.out) as string[]);
    expect(applied.flat()).toEqual(migrations);
  });
});

describe.each(dialects)("migrations on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("create every table once; running them again applies nothing", async ({ emptyDb }) => {
    expect(await migrateToLatest(emptyDb)).toEqual(migrations);
    expect(await migrateToLatest(emptyDb)).toEqual([]);
    const names = (await emptyDb.db.introspection.getTables()).map((table) => table.name);
    expect(names.sort()).toEqual(tables);
  });

  it("are safe when instances migrate at the same time", async ({ emptyDb, emptyDbConfig }) => {
    // On SQLite separate processes race (see above): one process's connections share one thread. On PostgreSQL
    // two more instances open the fixture's database themselves: instances, each its own pool, are what race.
    const others =
      dialect === "postgres" ? [openDatabase(emptyDbConfig), openDatabase(emptyDbConfig)] : [];
    const databases = [emptyDb, ...(await Promise.all(others))];
    try {
      const applied = await Promise.all(databases.map((database) => migrateToLatest(database)));
      expect(applied.flat()).toEqual(migrations);
    } finally {
      await Promise.all(databases.slice(1).map((database) => database.close()));
    }
  });

  it("round-trips stored values: text verbatim, timestamps, booleans", async ({ freshDb }) => {
    const hostile = `<script>alert("x")</script> '; drop table referrer_visits; -- ☃ 👍`;
    await freshDb.db
      .insertInto("referrer_visits")
      .values({
        ...referrerVisit({
          referrer_url: hostile,
          source: "referral",
          user_agent: "",
          is_bot: true,
        }),
        created_at: "2026-01-02T03:04:05.678Z",
      })
      .execute();
    const row = await freshDb.db
      .selectFrom("referrer_visits")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.referrer_url).toBe(hostile);
    expect(new Date(row.created_at).toISOString()).toBe("2026-01-02T03:04:05.678Z");
    expect(Boolean(row.is_bot)).toBe(true);
  });
});
