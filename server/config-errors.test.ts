// A configuration problem stops the start: exit 1 and one line naming the variable and the problem, no stack.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const mainFile = join(import.meta.dirname, "main.ts");

function startUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mainFile], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("configuration errors at start", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "boothpilot-config-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cases: [string, Record<string, string>, string, RegExp][] = [
    [
      "a malformed DATABASE_URL",
      { DATABASE_URL: "postgres://user:secret@db.internal:port/site" },
      "DATABASE_URL",
      /not a valid URL/,
    ],
    [
      "an unreachable DATABASE_URL",
      { DATABASE_URL: "postgres://user:secret@127.0.0.1:1/site" },
      "DATABASE_URL",
      /cannot reach the database at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/site: .*ECONNREFUSED/,
    ],
    [
      "an invalid SMTP_URL",
      {
        SMTP_URL: "smtp://mail example.com:587",
        MAIL_TO: "a@example.com",
        MAIL_FROM: "b@example.com",
      },
      "SMTP_URL",
      /not a valid URL/,
    ],
    [
      "a value SMTP_URL requires, missing",
      { SMTP_URL: "smtp://mail.example.com:587", MAIL_FROM: "b@example.com" },
      "MAIL_TO",
      /required when SMTP_URL is set/,
    ],
    [
      "half of the admin account",
      { ADMIN_EMAIL: "admin@example.com" },
      "ADMIN_PASSWORD",
      /set together/,
    ],
  ];

  it.each(cases)(
    "%s: exit 1 with one line naming the variable",
    async (_name, vars, variable, problem) => {
      const { code, stderr } = await startUntilExit({
        PATH: process.env.PATH ?? "",
        PORT: "0",
        DATA_DIR: dataDir,
        SERVE_SITE: "off",
        ...vars,
      });
      expect(code).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(variable);
      expect(lines[0]).toMatch(problem);
      expect(stderr).not.toContain("secret");
      expect(stderr).not.toMatch(/\n\s+at /);
    },
  );
});
