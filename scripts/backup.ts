// `npm run backup -- FILE`: an online, consistent copy of the SQLite database under DATA_DIR, taken while the
// server runs. PostgreSQL is backed up with pg_dump (docs/deploy.md).
import { BackupError, backupDatabase } from "../server/db/sqlite-backup.ts";
import { EnvError, parseEnv } from "../server/env.ts";

const [target] = process.argv.slice(2);
try {
  if (!target) throw new BackupError("Usage: npm run backup -- FILE (a new file)");
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    throw new BackupError("DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/deploy.md)");
  }
  const { bytes } = await backupDatabase(env.DATA_DIR, target);
  console.log(`Backed up the database under ${env.DATA_DIR} to ${target} (${bytes} bytes)`);
} catch (error) {
  if (!(error instanceof BackupError || error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
