// `npm run restore -- FILE`: puts a backup in place of the SQLite database under DATA_DIR, with the server stopped,
// after checking it (integrity check, migrations this version knows). The replaced database is kept beside it.
import { BackupError, restoreDatabase } from "../server/db/sqlite-backup.ts";
import { EnvError, parseEnv } from "../server/env.ts";

const [backup] = process.argv.slice(2);
try {
  if (!backup)
    throw new BackupError("Usage: npm run restore -- FILE (a file npm run backup wrote)");
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    throw new BackupError(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deploy.md)",
    );
  }
  const { lastMigration, keptAs } = await restoreDatabase(env.DATA_DIR, backup);
  console.log(
    `Restored ${backup} (migrations up to ${lastMigration}; the server applies newer ones at start)` +
      (keptAs ? `. The replaced database is kept as ${keptAs}` : ""),
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
