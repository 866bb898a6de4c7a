// The storage tests' fixture: Vitest's `test` with `db` (a fresh, migrated database of the test's dialect) and
// `app` (the app on it, with `env`). Each describe block picks its dialect with
// `storageTest.override("dialect", dialect)`. A file gets one database per dialect and one app per dialect and
// env, opened when a test first asks for them and removed after the file's last test (the `storage` pool, which
// beforeAll hooks may use too).
import type { FastifyInstance } from "fastify";
import { test } from "vitest";
import type { AppDatabase, DialectName } from "../db/database.ts";
import { buildTestApp } from "./app.ts";
import { openTestDatabase, type TestDatabase } from "./databases.ts";

export { clearTables, dialects } from "./databases.ts";

export interface StoragePool {
  database(dialect: DialectName): Promise<AppDatabase>;
  app(dialect: DialectName, env?: Record<string, string>): Promise<FastifyInstance>;
}

function memo<T>(cache: Map<string, Promise<T>>, key: string, open: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = open();
    cache.set(key, value);
  }
  return value;
}

export const storageTest = test
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend("storage", { scope: "file" }, async ({}, { onCleanup }): Promise<StoragePool> => {
    const databases = new Map<string, Promise<TestDatabase>>();
    const apps = new Map<string, Promise<FastifyInstance>>();
    onCleanup(async () => {
      for (const app of apps.values()) await (await app).close();
      for (const opened of databases.values()) await (await opened).dispose();
    });
    const pool: StoragePool = {
      async database(dialect) {
        return (await memo(databases, dialect, () => openTestDatabase(dialect))).database;
      },
      app(dialect, env = {}) {
        return memo(apps, `${dialect} ${JSON.stringify(env)}`, async () =>
          buildTestApp(await pool.database(dialect), env),
        );
      },
    };
    return pool;
  })
  .extend("dialect", "sqlite" as DialectName)
  .extend("env", {} as Record<string, string>)
  .extend("db", ({ storage, dialect }) => storage.database(dialect))
  .extend("app", ({ storage, dialect, env }) => storage.app(dialect, env));
