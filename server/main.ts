// Server entry: reads the environment, opens and migrates the database, builds the app, sets the admin account up
// from ADMIN_EMAIL and ADMIN_PASSWORD, listens, and stops gracefully on SIGTERM/SIGINT (close-with-grace): readiness
// turns 503, in-flight requests finish, pending writes commit, the mail being sent finishes, the database closes.
// A configuration problem ends the start with exit 1 and one line per problem, naming the variable.
import { resolve } from "node:path";
import closeWithGrace from "close-with-grace";
import { sql } from "kysely";
import { buildApp } from "./app.ts";
import { type AppDatabase, migrateToLatest, openDatabase } from "./db/database.ts";
import { EnvError, parseEnv } from "./env.ts";
import { serverLoggerFor } from "./log-destination.ts";
import { setUpAdminAccount } from "./plugins/admin-auth.ts";

/** A stop that takes longer than this exits 1, logging what was still open. */
export const stopGraceMs = 10_000;

/** Ends the start: one line, no stack trace. */
function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0] ?? text;
}

async function openAndMigrate(env: ReturnType<typeof parseEnv>): Promise<AppDatabase> {
  const variable = env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR";
  let database: AppDatabase;
  try {
    database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  } catch (error) {
    return fail(`${variable}: cannot open the database: ${reason(error)}`);
  }
  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    return fail(`${variable}: cannot reach the database at ${database.location}: ${reason(error)}`);
  }
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => {});
    return fail(`Cannot prepare the database at ${database.location}: ${reason(error)}`);
  }
  return database;
}

export async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  const database = await openAndMigrate(env);
  const app = await buildApp({
    env,
    database,
    buildDir: env.SERVE_SITE === "on" ? resolve(import.meta.dirname, "..", "build") : undefined,
    logger: serverLoggerFor(env.LOG_LEVEL, process.stdout, env.NODE_ENV),
  });
  app.log.info({ database: database.location, dialect: database.dialect }, "database ready");
  try {
    await setUpAdminAccount(app, env);
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    fail(`ADMIN_EMAIL, ADMIN_PASSWORD: cannot set up the admin account: ${reason(error)}`);
  }

  let step = "closing the server";
  closeWithGrace(
    {
      delay: stopGraceMs,
      logger: false,
      onTimeout: () =>
        app.log.fatal(
          { step, ...app.readiness.open() },
          `stop did not finish within ${stopGraceMs / 1000} s: exiting with work still open`,
        ),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, "stopping after an uncaught error");
      else app.log.info({ signal }, "shutting down");
      app.readiness.drain();
      await app.close();
      step = "closing the database";
      await database.close();
      app.log.info("database closed");
    },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
}

if (import.meta.main) await main();
