// The storage itself on both databases: SQLite's file and settings, the migrations (every table exactly, applied
// once, safe when instances run them at once) and stored values read back as written.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { referrerVisit } from "../test/factories.ts";
import { dialects, emptyDatabaseConfig, type TestDatabaseConfig } from "../test/storage.ts";
import { migrateToLatest, openDatabase } from "./database.ts";

const created: TestDatabaseConfig[] = [];
afterAll(async () => {
  for (const config of created) await config.remove();
});

async function empty(dialect: (typeof dialects)[number]) {
  const config = await emptyDatabaseConfig(dialect);
  created.push(config);
  return config.config;
}

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
  it("creates DATA_DIR and site.db on first start, in WAL mode with synchronous=FULL", async () => {
    const { dataDir } = await empty("sqlite");
    const nested = join(dataDir, "not", "yet");
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

  it("migrates safely when two processes start on the same file at once", async () => {
    const { dataDir } = await empty("sqlite");
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
  it("create every table once; running them again applies nothing", async () => {
    const config = await empty(dialect);
    const database = await openDatabase(config);
    try {
      expect(await migrateToLatest(database)).toEqual(migrations);
      expect(await migrateToLatest(database)).toEqual([]);
      const names = (await database.db.introspection.getTables()).map((table) => table.name);
      expect(names.sort()).toEqual(tables);
    } finally {
      await database.close();
    }
  });

  it("are safe when instances migrate at the same time", async () => {
    const config = await empty(dialect);
    // On SQLite separate processes race (see above): one process's connections share one thread.
    const count = dialect === "postgres" ? 3 : 1;
    const databases = await Promise.all(Array.from({ length: count }, () => openDatabase(config)));
    try {
      const applied = await Promise.all(databases.map((database) => migrateToLatest(database)));
      expect(applied.flat()).toEqual(migrations);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });

  it("round-trips stored values: text verbatim, timestamps, booleans", async () => {
    const config = await empty(dialect);
    const database = await openDatabase(config);
    try {
      await migrateToLatest(database);
      const hostile = `<script>alert("x")</script> '; drop table referrer_visits; -- ☃ 👍`;
      await database.db
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
      const row = await database.db
        .selectFrom("referrer_visits")
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row.referrer_url).toBe(hostile);
      expect(new Date(row.created_at).toISOString()).toBe("2026-01-02T03:04:05.678Z");
      expect(Boolean(row.is_bot)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
