// Backups of the SQLite database: an online, consistent copy taken while the server runs (VACUUM INTO reads one
// snapshot, so writes go on meanwhile), and a restore, with the server stopped, of a copy checked first (integrity
// check, migrations this code knows). The database a restore replaces is kept beside it.
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sqliteFileName } from "./database.ts";
import { migrationNames } from "./migrations/index.ts";
import { privateFileMode, privateFolderMode } from "./sqlite.ts";

export class BackupError extends Error {
  override name = "BackupError";
}

/** The database file under DATA_DIR. */
export function databaseFile(dataDir: string): string {
  return resolve(dataDir, sqliteFileName);
}

/** Copies the live database to `target` (a new file) while the server may be writing; returns its size. */
export async function backupDatabase(dataDir: string, target: string): Promise<{ bytes: number }> {
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} (DATA_DIR)`);
  if (existsSync(target)) throw new BackupError(`${target} exists: name a new file`);
  // A copy is as private as the database: made empty here (VACUUM INTO fills an empty file) in a private folder.
  await mkdir(dirname(resolve(target)), { recursive: true, mode: privateFolderMode });
  await (await open(target, "wx", privateFileMode)).close();
  const database = new DatabaseSync(source, { readOnly: true, timeout: 5_000 });
  try {
    database.prepare("VACUUM INTO ?").run(resolve(target));
  } finally {
    database.close();
  }
  await fsync(target);
  return { bytes: (await stat(target)).size };
}

/** What a backup holds: checked before it may replace the database. */
export function checkBackup(file: string): { lastMigration: string } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new BackupError(`${file} is not a SQLite database: ${(error as Error).message}`);
  }
  try {
    const integrity = database.prepare("PRAGMA integrity_check").all();
    const verdict = integrity.map((row) => String(Object.values(row)[0])).join("; ");
    if (verdict !== "ok") throw new BackupError(`${file} fails the integrity check: ${verdict}`);
    const applied = database
      .prepare("SELECT name FROM kysely_migration ORDER BY name")
      .all()
      .map((row) => String(row.name));
    const unknown = applied.filter((name) => !migrationNames.includes(name));
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} comes from a newer version (migrations ${unknown.join(", ")}): restore it with that version`,
      );
    }
    const lastMigration = applied.at(-1);
    if (!lastMigration) throw new BackupError(`${file} holds no migrated BoothPilot database`);
    return { lastMigration };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a BoothPilot database: ${(error as Error).message}`);
  } finally {
    database.close();
  }
}

/** Nobody has the database open: an exclusive lock is granted only then (the server keeps a connection open). */
function assertNotInUse(file: string): void {
  if (!existsSync(file)) return;
  const database = new DatabaseSync(file);
  try {
    database.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;");
  } catch {
    throw new BackupError(`${file} is in use: stop the server before restoring`);
  } finally {
    database.close();
  }
}

/** Puts a checked backup in place of the database; the replaced one is kept and its name returned. */
export async function restoreDatabase(
  dataDir: string,
  backup: string,
): Promise<{ lastMigration: string; keptAs: string | null }> {
  const { lastMigration } = checkBackup(backup);
  const target = databaseFile(dataDir);
  assertNotInUse(target);
  const staging = `${target}.restoring`;
  await copyFile(backup, staging);
  // The copy takes the backup's mode, which may be from before backups were private.
  await chmod(staging, privateFileMode);
  await fsync(staging);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    await rename(target, keptAs);
    // The replaced database's write-ahead log goes with it (it may hold commits not yet in the file).
    if (existsSync(`${target}-wal`)) await rename(`${target}-wal`, `${keptAs}-wal`);
  }
  await rm(`${target}-shm`, { force: true });
  await rename(staging, target);
  return { lastMigration, keptAs };
}

async function fsync(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
