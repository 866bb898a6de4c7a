// Server entry: reads the environment, opens and migrates the database, builds the app, sets the admin account up
// from ADMIN_EMAIL and ADMIN_PASSWORD, listens, and stops
// gracefully on SIGTERM/SIGINT (in-flight requests finish, the database closes).
import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { EnvError, parseEnv } from "./env.ts";
import { serverLogger } from "./log-destination.ts";
import { setUpAdminAccount } from "./plugins/admin-auth.ts";

export async function main(): Promise<void> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await migrateToLatest(database);
  } catch (error) {
    console.error(
      `Cannot prepare the database at ${database.location}: ${(error as Error).message}`,
    );
    await database.close().catch(() => {});
    process.exit(1);
  }

  const app = await buildApp({
    env,
    database,
    buildDir: env.SERVE_SITE === "on" ? resolve(import.meta.dirname, "..", "build") : undefined,
    logger: serverLogger(env.LOG_LEVEL),
  });
  app.log.info({ database: database.location, dialect: database.dialect }, "database ready");
  try {
    await setUpAdminAccount(app, env);
  } catch (error) {
    console.error(`Cannot set up the admin account: ${(error as Error).message}`);
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("database closed");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);

  await app.listen({ port: env.PORT, host: env.HOST });
}

if (import.meta.main) await main();
