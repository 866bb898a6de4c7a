// Backup and restore of the SQLite database as an operator runs them (`node scripts/backup.ts`, what
// `npm run backup` runs): a backup taken under write load holds every write acknowledged before it began; a restore
// refuses while the server runs and refuses a damaged file, then puts the backup back.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import { serverEnv, startServer } from "../test/server-process.ts";
import { emptyDatabaseConfig, storageTest as it } from "../test/storage.ts";
import { migrateToLatest, openDatabase } from "./database.ts";
import { backupDatabase, restoreDatabase } from "./sqlite-backup.ts";

const scripts = join(import.meta.dirname, "..", "..", "scripts");

async function runScript(name: string, file: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [join(scripts, name), file], {
      env,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, out: failed.stderr };
  }
}

async function storedSessions(dataDir: string): Promise<Set<string>> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.selectFrom("referrer_visits").select("session_id").execute();
    return new Set(rows.map((row) => row.session_id));
  } finally {
    await database.close();
  }
}

/** The last migration the server applied to the database it ran on. */
async function latestMigration(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name desc limit 1`.execute(database.db);
    return rows[0]?.name ?? "";
  } finally {
    await database.close();
  }
}

describe("SQLite backup and restore", () => {
  it("backs up under load and restores every write acknowledged before the backup", {
    timeout: 60_000,
  }, async ({ freshDbConfig }) => {
    const dataDir = freshDbConfig.dataDir;
    // Inside the test's folder, which the fixture removes: an operator's backups live apart from site.db.
    const backup = join(dataDir, "backups", `${randomUUID()}.db`);
    const env = serverEnv(freshDbConfig);
    const server = await startServer(env);
    const acked: string[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const id = randomUUID();
        const response = await fetch(`${server.url}${trackReferrerPath}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            session_id: id,
            referrer: "direct",
            page_url: "https://www.boothpilot.example/",
            user_agent: "backup-test",
          }),
        });
        if (response.status === 200) acked.push(id);
        await response.arrayBuffer();
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, client));
    while (acked.length < 200) await new Promise((resolve) => setTimeout(resolve, 20));
    const beforeBackup = [...acked];
    const backedUp = await runScript("backup.ts", backup, env);
    expect(backedUp).toMatchObject({ code: 0 });
    expect(backedUp.out).toMatch(/^Backed up the database under .* \(\d+ bytes\)/);
    const afterBackup = acked.length;
    while (acked.length < afterBackup + 50) await new Promise((resolve) => setTimeout(resolve, 20));

    const whileRunning = await runScript("restore.ts", backup, env);
    expect(whileRunning).toEqual({
      code: 1,
      out: expect.stringMatching(/is in use: stop the server/),
    });
    stop = true;
    await load;
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const everything = await storedSessions(dataDir);
    const lastMigration = await latestMigration(dataDir);
    expect(lastMigration).toMatch(/^\d{4}-/);
    expect(acked.filter((id) => !everything.has(id))).toEqual([]);

    const damaged = `${backup}.damaged`;
    await writeFile(damaged, "not a database at all, just some text");
    const refused = await runScript("restore.ts", damaged, env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is not a (SQLite|BoothPilot) database/);
    expect((await storedSessions(dataDir)).size).toBe(everything.size);

    const restored = await runScript("restore.ts", backup, env);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`migrations up to ${lastMigration}`);
    const keptAs = /kept as (\S+)$/m.exec(restored.out)?.[1];
    expect(keptAs && existsSync(keptAs)).toBe(true);
    const fromBackup = await storedSessions(dataDir);
    expect(beforeBackup.filter((id) => !fromBackup.has(id))).toEqual([]);
    expect(fromBackup.size).toBeLessThan(everything.size);

    const again = await startServer(env);
    try {
      expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    } finally {
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    }
  });

  it("keeps the database, its log and its backups to the server's user: 0600 files in 0700 folders", async () => {
    // Files the database itself creates and migrates, in a folder of its own.
    const created = await emptyDatabaseConfig("sqlite");
    const dataDir = join(created.config.dataDir, "data");
    const backups = join(created.config.dataDir, "backups", "nightly");
    const mode = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);
    try {
      const database = await openDatabase({ dataDir });
      try {
        await migrateToLatest(database);
        const site = join(dataDir, "site.db");
        for (const file of [site, `${site}-wal`, `${site}-shm`])
          expect(await mode(file), file).toBe("600");
        expect(await mode(dataDir)).toBe("700");

        const backup = join(backups, "site.db");
        await backupDatabase(dataDir, backup);
        expect(await mode(backup)).toBe("600");
        expect(await mode(backups)).toBe("700");
        // A copy made before, readable by everyone, is still restored private.
        await chmod(backup, 0o644);
      } finally {
        await database.close();
      }
      await restoreDatabase(dataDir, join(backups, "site.db"));
      expect(await mode(join(dataDir, "site.db"))).toBe("600");
    } finally {
      await created.remove();
    }
  });
});
