// Databases as an older release left them, for the tests that store rows as older code did and then check what a
// later migration makes of them.
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { type AppDatabase, type DialectName, openDatabase } from "../db/database.ts";
import { migrationProvider } from "../db/migrations/index.ts";
import type { ContactMessagesTable, Schema } from "../db/schema.ts";
import { emptyDatabaseConfig } from "./storage.ts";

/** Runs `work` on a database of its own migrated up to `migration` (included), then closes and drops it. */
export async function withDatabaseAt<T>(
  dialect: DialectName,
  migration: string,
  work: (database: AppDatabase) => Promise<T>,
): Promise<T> {
  const created = await emptyDatabaseConfig(dialect);
  const database = await openDatabase(created.config);
  try {
    const migrator = new Migrator({ db: database.db, provider: migrationProvider(dialect) });
    const { error } = await migrator.migrateTo(migration);
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
