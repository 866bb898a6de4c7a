// The real server (server/main.ts) with an admin account configured: the account is there once it listens, the
// password appears nowhere in its output, and a bad ADMIN_PASSWORD stops it with a message naming the variable.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { type DatabaseConfig, openDatabase } from "../db/database.ts";
import { parseEnv } from "../env.ts";
import { setUpAdminAccount } from "../plugins/admin-auth.ts";
import { adminEnv, signedIn } from "../test/admin.ts";
import { startServer } from "../test/server-process.ts";
import { storageTest as it } from "../test/storage.ts";

const password = "start-test passphrase 7f3a";

describe("the admin account at start", () => {
  let config: DatabaseConfig;
  it.beforeEach(({ freshDbConfig }) => {
    config = freshDbConfig;
  });

  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? "",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: config.dataDir,
    SERVE_SITE: "off",
    LOG_LEVEL: "trace",
    ...extra,
  });

  it("is set up before the server listens; the password is never in its output", async () => {
    const server = await startServer(
      env({ ADMIN_EMAIL: "Owner@BoothPilot.example", ADMIN_PASSWORD: password }),
    );
    try {
      const signIn = await fetch(`${server.url}${adminApiPaths.session}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "owner@boothpilot.example", password }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.get("set-cookie")).toMatch(/^__Host-bp_admin_session=[\w-]{43};/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const output = server.output();
    expect(output).toContain("admin console: admin account created");
    expect(output).not.toContain(password);

    const database = await openDatabase(config);
    try {
      const rows = await database.db.selectFrom("admin_users").selectAll().execute();
      expect(rows.map((row) => row.email)).toEqual(["owner@boothpilot.example"]);
      expect(rows[0]?.password_hash).not.toContain(password);
    } finally {
      await database.close();
    }
  });

  it("refuses to start with a short password or with only one of the two variables", () => {
    const main = join(import.meta.dirname, "..", "main.ts");
    const cases: [Record<string, string>, RegExp][] = [
      [
        { ADMIN_EMAIL: "owner@boothpilot.example", ADMIN_PASSWORD: "too-short" },
        /ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters/,
      ],
      [
        { ADMIN_EMAIL: "owner@boothpilot.example" },
        /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD are set together/,
      ],
      [
        { ADMIN_PASSWORD: password },
        /ADMIN_EMAIL: ADMIN_EMAIL and ADMIN_PASSWORD are set together/,
      ],
    ];
    for (const [extra, message] of cases) {
      const run = spawnSync(process.execPath, [main], {
        env: env(extra),
        encoding: "utf8",
        timeout: 15_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr + run.stdout).not.toContain(password);
      expect(run.stderr + run.stdout).not.toContain("too-short");
    }
  });
});

describe("the first owner when two instances start together on one PostgreSQL", () => {
  it.override("dialect", "postgres");

  it("is created once: one instance logs it created, the other finds it unchanged", async ({
    apps,
    freshDbConfig,
  }) => {
    const lines: { msg: string }[] = [];
    const logger = {
      level: "info",
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    };
    // Two instances of their own, each with its own connections, setting the account up at the same moment.
    const instances = await Promise.all(
      [0, 1].map(async () => apps.on(await apps.open(freshDbConfig)).start(adminEnv, { logger })),
    );
    const setups = await Promise.all(
      instances.map((app) => setUpAdminAccount(app, parseEnv(adminEnv))),
    );
    expect(setups.sort()).toEqual(["created", "unchanged"]);
    const admin = lines.map((line) => line.msg).filter((msg) => msg.startsWith("admin console"));
    expect(admin.filter((msg) => msg.includes("created"))).toHaveLength(1);
    expect(admin.filter((msg) => msg.includes("recovered"))).toEqual([]);
    // The owner signs in on either instance with the password both were given.
    for (const app of instances) await signedIn(app);
  });
});
