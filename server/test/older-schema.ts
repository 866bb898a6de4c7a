// Databases as an older release left them, for the tests that store rows as older code did and then check what a
// later migration makes of them.
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { type AppDatabase, type DialectName, openDatabase } from "../db/database.ts";
import { migrationNames, migrationProvider } from "../db/migrations/index.ts";
import type { ContactMessagesTable, Schema } from "../db/schema.ts";
import { emptyDatabaseConfig } from "./storage.ts";

/** Where `migration` is among the migrations this code knows; throws for a name none has. */
function indexOf(migration: string): number {
  const index = migrationNames.indexOf(migration);
  if (index < 0) throw new Error(`no migration is named ${migration}`);
  return index;
}

/** The migrations from `migration` on, oldest first: what migrating a database just before it applies. */
export function migrationsFrom(migration: string): string[] {
  return migrationNames.slice(indexOf(migration));
}

/**
 * Runs `work` on a database of its own migrated up to the migration before `migration` (derived, so a migration
 * added in between stays before it), then closes and drops it.
 */
export async function withDatabaseBefore<T>(
  dialect: DialectName,
  migration: string,
  work: (database: AppDatabase) => Promise<T>,
): Promise<T> {
  const before = migrationNames[indexOf(migration) - 1];
  if (!before) throw new Error(`${migration} is the first migration: nothing is before it`);
  const created = await emptyDatabaseConfig(dialect);
  const database = await openDatabase(created.config);
  try {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(dialect) });
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;
    return await work(database);
  } finally {
    await database.close();
    await created.remove();
  }
}

/** The tables before migration 0013: contact messages without their search text. */
export type SchemaBefore0013 = Omit<Schema, "contact_messages"> & {
  contact_messages: Omit<ContactMessagesTable, "search_text">;
};

/** The database's own connection, typed as before 0013: an insert needs no column that migration added. */
export function before0013(database: AppDatabase): Kysely<SchemaBefore0013> {
  // Only the compile-time schema differs: Kysely's types can add tables to a connection but not drop a column.
  return database.db as unknown as Kysely<SchemaBefore0013>;
}
