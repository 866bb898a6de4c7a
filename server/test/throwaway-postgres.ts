// A PostgreSQL server of the test's own (initdb into a temporary folder, its own port), for tests that stop and
// start the database: the shared cluster the other tests use is never touched.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
/** Debian's PostgreSQL servers, one folder per major version: the newest is used. */
const serverDir = "/usr/lib/postgresql";
const newestVersion = existsSync(serverDir)
  ? readdirSync(serverDir)
      .sort((a, b) => Number(a) - Number(b))
      .at(-1)
  : undefined;
const binDir = join(serverDir, newestVersion ?? "(none)", "bin");

/** Why a throwaway server cannot run here, or null when it can. */
export function throwawayPostgresMissing(): string | null {
  if (!existsSync(join(binDir, "initdb"))) return `no PostgreSQL binaries under ${serverDir}`;
  return null;
}

export interface ThrowawayPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** PostgreSQL refuses to run as root: as root the server runs as the postgres user. */
function asServerUser(command: string, args: string[]) {
  return process.getuid?.() === 0
    ? run("runuser", ["-u", "postgres", "--", command, ...args])
    : run(command, args);
}

export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const dir = await mkdtemp(join(tmpdir(), "boothpilot-pg-"));
  await chmod(dir, 0o777);
  const data = join(dir, "data");
  await asServerUser(join(binDir, "initdb"), [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "test",
    "--no-sync",
  ]);
  const pgCtl = (...args: string[]) => asServerUser(join(binDir, "pg_ctl"), ["-D", data, ...args]);
  const start = async () => {
    await pgCtl("-w", "-l", join(dir, "log"), "-o", `-p ${port} -k ${dir} -c fsync=off`, "start");
  };
  await start();
  return {
    url: `postgres://test@127.0.0.1:${port}/postgres`,
    start,
    stop: async () => {
      await pgCtl("-w", "-m", "fast", "stop");
    },
    remove: async () => {
      await pgCtl("-w", "-m", "immediate", "stop").catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
