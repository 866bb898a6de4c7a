// Test databases: a fresh SQLite folder, or a fresh PostgreSQL database of this run (dropped afterwards).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import {
  type AppDatabase,
  type DatabaseConfig,
  type DialectName,
  migrateToLatest,
  openDatabase,
} from "../db/database.ts";

export const dialects: readonly DialectName[] = ["sqlite", "postgres"];

export interface TestDatabaseConfig {
  config: DatabaseConfig;
  /** Removes the folder or drops the database. */
  remove(): Promise<void>;
}

function postgresAdminUrl(): { adminUrl: string; prefix: string } {
  const postgres = inject("postgres");
  if ("error" in postgres) throw new Error(postgres.error);
  return postgres;
}

export async function createTestDatabaseConfig(dialect: DialectName): Promise<TestDatabaseConfig> {
  const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-test-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") return { config: { dataDir }, remove: removeDir };

  const { adminUrl, prefix } = postgresAdminUrl();
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dataDir, databaseUrl: url.toString() },
    async remove() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
      await removeDir();
    },
  };
}

export interface TestDatabase extends TestDatabaseConfig {
  database: AppDatabase;
  /** Closes the database, then removes it. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database of the dialect. */
export async function openTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const created = await createTestDatabaseConfig(dialect);
  const database = await openDatabase(created.config);
  await migrateToLatest(database);
  return {
    ...created,
    database,
    async dispose() {
      await database.close();
      await created.remove();
    },
  };
}

/** Empties the tables the functions write and their rollups (between tests). */
export async function clearTables(database: AppDatabase): Promise<void> {
  for (const table of [
    "mail_outbox",
    "contact_messages",
    "contact_submission_guard",
    "referrer_visits",
    "address_salts",
    "visit_rollups",
    "visit_rollups_by_key",
    "visit_rollups_by_hour",
  ] as const) {
    await database.db.deleteFrom(table).execute();
  }
}
