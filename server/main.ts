// Server entry: reads the environment, builds the app, listens, and stops gracefully on SIGTERM/SIGINT.
import { resolve } from "node:path";
import { buildApp } from "./app.ts";
import { EnvError, parseEnv } from "./env.ts";

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

  const app = await buildApp({
    env,
    buildDir: resolve(import.meta.dirname, "..", "build"),
    logger: { level: env.LOG_LEVEL },
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
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
