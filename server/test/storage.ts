// The server tests' fixture: Vitest's `test` with databases copied from this run's migrated templates (built by
// global-setup.ts), apps on them, and SMTP servers, each closed and removed when its test (or, for the `storage`
// pool, its file) ends. A describe block picks its dialect with `storageTest.override("dialect", dialect)`.
import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, inject, test } from "vitest";
import type { AppOptions } from "../app.ts";
import {
  type AppDatabase,
  type DatabaseConfig,
  type DialectName,
  openDatabase,
  sqliteFileName,
} from "../db/database.ts";
import { adminEnv, buildAdminTestApp, signedIn } from "./admin.ts";
import { buildTestApp } from "./app.ts";
import { adminQuery, databaseUrl } from "./global-setup.ts";
import { TestSmtp, type TestSmtpOptions } from "./smtp.ts";

export const dialects: readonly DialectName[] = ["sqlite", "postgres"];

/**
 * A describe block once per dialect (`name` takes it at its %s): `body` gets storageTest with the dialect chosen for
 * the block's tests, and the dialect.
 */
export function describeEachDialect(
  name: string,
  body: (it: typeof storageTest, dialect: DialectName) => void,
): void {
  describe.each(dialects)(name, (dialect) => {
    storageTest.override("dialect", dialect);
    body(storageTest, dialect);
  });
}

export interface TestDatabaseConfig {
  config: DatabaseConfig;
  /** Drops the database and removes its folder. */
  remove(): Promise<void>;
}

/**
 * A new database of this run: a copy of the migrated template, or empty. A SQLite database is a folder holding
 * its file; a PostgreSQL one gets a folder too (DATA_DIR is always set).
 */
async function createDatabase(
  dialect: DialectName,
  from: "template" | "nothing",
): Promise<TestDatabaseConfig> {
  const templates = inject("testDatabases");
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-test-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    if (dialect === "sqlite") {
      if (from === "template") {
        const { sqlite } = templates;
        if ("error" in sqlite) throw new Error(sqlite.error);
        // The template was closed cleanly (no WAL beside it): its one file is the whole database.
        await copyFile(sqlite.file, join(dataDir, sqliteFileName));
      }
      return { config: { dataDir }, remove: removeDir };
    }
    const { postgres } = templates;
    if ("error" in postgres) throw new Error(postgres.error);
    const { adminUrl, prefix, template } = postgres;
    if (from === "template" && "error" in template) throw new Error(template.error);
    const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
    // FILE_COPY copies the template's files instead of writing every page to the WAL (4 MB a copy) as the default
    // WAL_LOG does: six PostgreSQL-heavy test files ran in 63 s instead of 75 s.
    const copy =
      from === "template" && "name" in template
        ? ` template "${template.name}" strategy file_copy`
        : "";
    await adminQuery(adminUrl, `create database "${name}"${copy}`);
    return {
      config: { dataDir, databaseUrl: databaseUrl(adminUrl, name) },
      async remove() {
        await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
        await removeDir();
      },
    };
  } catch (error) {
    await removeDir();
    throw error;
  }
}

/** An empty database, never migrated: only for the tests of the migrations themselves. */
export function emptyDatabaseConfig(dialect: DialectName): Promise<TestDatabaseConfig> {
  return createDatabase(dialect, "nothing");
}

export type TestAppOptions = Partial<Omit<AppOptions, "env" | "database">>;

export interface SignedInApp {
  app: FastifyInstance;
  /** The session cookie's token. */
  session: string;
}

/** Starts apps on one database; they are closed when the test (or file) that owns the launcher ends. */
export interface AppLauncher {
  /** The app on the database (buildTestApp): `env` as the app reads it, `options` for what tests tune. */
  start(env?: Record<string, string>, options?: TestAppOptions): Promise<FastifyInstance>;
  /** The app as server/main.ts starts it: built, then the admin account set up from `env` (the test account's). */
  startAdmin(env?: Record<string, string>, options?: TestAppOptions): Promise<FastifyInstance>;
  /** startAdmin, then signed in with the test credentials. */
  signedIn(env?: Record<string, string>, options?: TestAppOptions): Promise<SignedInApp>;
  /** The same on another database; its apps close with these. */
  on(database: AppDatabase): AppLauncher;
  /** Another connection to a database (an instance of its own), closed after the apps. */
  open(config: DatabaseConfig): Promise<AppDatabase>;
}

/** What a launcher closes at its end: its apps first (they use the connections), then its connections. */
interface Owned {
  apps: FastifyInstance[];
  databases: AppDatabase[];
}

async function closeOwned(owned: Owned): Promise<void> {
  // Closing an app a test already closed does nothing.
  for (const app of owned.apps.splice(0)) await app.close();
  for (const database of owned.databases.splice(0)) await database.close();
}

function appLauncher(database: () => Promise<AppDatabase>, owned: Owned): AppLauncher {
  const keep = (app: FastifyInstance) => {
    owned.apps.push(app);
    return app;
  };
  const launcher: AppLauncher = {
    async start(env = {}, options = {}) {
      return keep(await buildTestApp(await database(), env, options));
    },
    async startAdmin(env = adminEnv, options = {}) {
      return keep(await buildAdminTestApp(await database(), env, options));
    },
    async signedIn(env = adminEnv, options = {}) {
      const app = await launcher.startAdmin(env, options);
      return { app, session: await signedIn(app) };
    },
    on(other) {
      return appLauncher(async () => other, owned);
    },
    async open(config) {
      const opened = await openDatabase(config);
      owned.databases.push(opened);
      return opened;
    },
  };
  return launcher;
}

/** What a file shares: usable in beforeAll hooks, closed and removed after the file's last test. */
export interface StoragePool {
  /** The file's database of the dialect (one per dialect, copied from the template when first asked for). */
  database(dialect: DialectName): Promise<AppDatabase>;
  /** The app on the file's database, one per dialect and env. */
  app(dialect: DialectName, env?: Record<string, string>): Promise<FastifyInstance>;
  /** Starts more apps on the file's database. */
  apps(dialect: DialectName): AppLauncher;
  /** A new database of the file's own, copied from the template but not opened. */
  newConfig(dialect: DialectName): Promise<DatabaseConfig>;
}

/**
 * The tests' own databases of a file. On PostgreSQL a copy takes 100 to 400 ms and a drop forces a checkpoint, but
 * several copies or drops at once take little longer than one: so copies are made two ahead, and used ones are
 * dropped a batch at a time behind the tests (the file's end waits for the last).
 */
class FreshCopies {
  static readonly ahead = 2;
  static readonly dropBatch = 16;
  readonly #ahead = new Map<DialectName, Promise<TestDatabaseConfig>[]>();
  readonly #used: TestDatabaseConfig[] = [];
  readonly #removing: Promise<unknown>[] = [];

  take(dialect: DialectName): Promise<TestDatabaseConfig> {
    const queue = this.#ahead.get(dialect) ?? [];
    this.#ahead.set(dialect, queue);
    while (queue.length <= FreshCopies.ahead) {
      const copy = createDatabase(dialect, "template");
      // A failure shows when that copy is taken (or at the file's end), not as an unhandled rejection now.
      copy.catch(() => {});
      queue.push(copy);
    }
    return queue.shift() as Promise<TestDatabaseConfig>;
  }

  removeLater(copy: TestDatabaseConfig): void {
    this.#used.push(copy);
    if (this.#used.length >= FreshCopies.dropBatch) this.#removeUsed();
  }

  #removeUsed(): void {
    this.#removing.push(Promise.all(this.#used.splice(0).map((copy) => copy.remove())));
  }

  async removeAll(): Promise<void> {
    for (const queue of this.#ahead.values()) {
      // A copy that could not be made has failed the test that took it, or no test took it: nothing to remove.
      this.#removing.push(
        ...queue.splice(0).map((copy) =>
          copy.then(
            (made) => made.remove(),
            () => {},
          ),
        ),
      );
    }
    this.#removeUsed();
    await Promise.all(this.#removing.splice(0));
  }
}

const freshCopies = new WeakMap<StoragePool, FreshCopies>();

function memo<T>(cache: Map<string, Promise<T>>, key: string, open: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = open();
    cache.set(key, value);
  }
  return value;
}

/** The database and app of the test running now, for the helpers a describe block defines once. */
export interface StorageOfEachTest {
  readonly database: AppDatabase;
  readonly app: FastifyInstance;
}

/**
 * Before each test of the block: its own database and app (`fresh`: every table empty), or the file's (`shared`:
 * other tests write to it too), as `database` and `app` of the object returned.
 */
export function storageOfEachTest(
  it: typeof storageTest,
  which: "fresh" | "shared",
): StorageOfEachTest {
  // Filled before each test, read only by its tests.
  const current = {} as { database: AppDatabase; app: FastifyInstance };
  // Two hooks, as Vitest starts only the fixtures a hook's parameter pattern names.
  if (which === "fresh") {
    it.beforeEach(({ freshDb, freshApp }) => {
      current.database = freshDb;
      current.app = freshApp;
    });
  } else {
    it.beforeEach(({ db, app }) => {
      current.database = db;
      current.app = app;
    });
  }
  return current;
}

export const storageTest = test
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend("storage", { scope: "file" }, async ({}, { onCleanup }): Promise<StoragePool> => {
    const created: Promise<TestDatabaseConfig>[] = [];
    const databases = new Map<string, Promise<AppDatabase>>();
    const shared = new Map<string, Promise<FastifyInstance>>();
    const owned: Owned = { apps: [], databases: [] };
    const copies = new FreshCopies();
    const newDatabase = (dialect: DialectName) => {
      const database = createDatabase(dialect, "template");
      created.push(database);
      return database;
    };
    onCleanup(async () => {
      // What could not be made or opened has failed its tests already.
      const made = <T>(value: Promise<T>) => value.catch(() => undefined);
      for (const app of shared.values()) await (await made(app))?.close();
      await closeOwned(owned);
      for (const database of databases.values()) await (await made(database))?.close();
      for (const database of created) await (await made(database))?.remove();
      await copies.removeAll();
    });
    const pool: StoragePool = {
      database(dialect) {
        return memo(databases, dialect, async () =>
          openDatabase((await newDatabase(dialect)).config),
        );
      },
      app(dialect, env = {}) {
        return memo(shared, `${dialect} ${JSON.stringify(env)}`, async () =>
          buildTestApp(await pool.database(dialect), env),
        );
      },
      apps(dialect) {
        return appLauncher(() => pool.database(dialect), owned);
      },
      async newConfig(dialect) {
        return (await newDatabase(dialect)).config;
      },
    };
    freshCopies.set(pool, copies);
    return pool;
  })
  .extend("dialect", "sqlite" as DialectName)
  /** The environment of `app` and `freshApp`. */
  .extend("env", {} as Record<string, string>)
  /** How `smtp` is started: credentials, TLS. */
  .extend("smtpOptions", {} as TestSmtpOptions)
  // Before the apps: fixtures are torn down in the reverse order, so apps stop sending before their server goes.
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
  .extend("smtpServers", async ({}, { onCleanup }) => {
    const servers: TestSmtp[] = [];
    onCleanup(async () => {
      for (const server of servers) await server.close();
    });
    return {
      /** An SMTP server of the test's own on a free port. */
      async start(options: TestSmtpOptions = {}): Promise<TestSmtp> {
        const server = await TestSmtp.start(options);
        servers.push(server);
        return server;
      },
    };
  })
  .extend("smtp", ({ smtpServers, smtpOptions }) => smtpServers.start(smtpOptions))
  /** The file's database of the dialect: other tests of the file write to it too. */
  .extend("db", ({ storage, dialect }) => storage.database(dialect))
  /** The app on `db` with `env`, shared like `db`. */
  .extend("app", ({ storage, dialect, env }) => storage.app(dialect, env))
  /** A database of this test's own, copied from the template (every table empty), not opened. */
  .extend("freshDbConfig", async ({ storage, dialect }, { onCleanup }) => {
    const copies = freshCopies.get(storage);
    if (!copies) throw new Error("the storage pool has no copies");
    const copy = await copies.take(dialect);
    onCleanup(() => copies.removeLater(copy));
    return copy.config;
  })
  /** The test's own database, open. */
  .extend("freshDb", async ({ freshDbConfig }, { onCleanup }) => {
    const database = await openDatabase(freshDbConfig);
    onCleanup(() => database.close());
    return database;
  })
  /** A database of this test's own, never migrated (no tables) and not opened: for the tests of the migrations. */
  .extend("emptyDbConfig", async ({ dialect }, { onCleanup }) => {
    const created = await createDatabase(dialect, "nothing");
    onCleanup(() => created.remove());
    return created.config;
  })
  /** The test's never-migrated database, open. */
  .extend("emptyDb", async ({ emptyDbConfig }, { onCleanup }) => {
    const database = await openDatabase(emptyDbConfig);
    onCleanup(() => database.close());
    return database;
  })
  /**
   * A database on which every read and write of a table fails while the connection itself answers: `emptyDb`, which
   * has no tables. The one way the tests make storage fail.
   */
  .extend("failingDb", ({ emptyDb }) => emptyDb)
  /** Starts apps on `freshDb` (or, with `on`, another database), closed after the test. */
  .extend("apps", ({ freshDb }, { onCleanup }) => {
    const owned: Owned = { apps: [], databases: [] };
    onCleanup(() => closeOwned(owned));
    return appLauncher(async () => freshDb, owned);
  })
  /** The app on `freshDb` with `env`. */
  .extend("freshApp", ({ apps, env }) => apps.start(env));
