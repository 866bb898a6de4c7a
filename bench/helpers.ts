// Helpers the benchmarks share: a free port, and a scratch PostgreSQL database dropped after the run.
import { createServer as createNetServer } from "node:net";
import pg from "pg";

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Runs `run` with the URL of a new database on the server of `adminUrl`, then drops that database. */
export async function withPostgres<T>(
  adminUrl: string,
  run: (url: string) => Promise<T>,
  prefix = "bp_bench",
): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
