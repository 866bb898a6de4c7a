import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { serverLogger } from "./log-destination.ts";
import { serverEnv, startServer } from "./test/server-process.ts";

describe("the server's log destination", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it("keeps ordinary lines in its buffer and writes them with the first error line, at once", async () => {
    const dir = await mkdtemp(join(tmpdir(), "boothpilot-log-"));
    dirs.push(dir);
    const file = join(dir, "server.log");
    const destination = pino.destination({
      dest: file,
      minLength: 8 * 1024,
      sync: false,
      mkdir: true,
    });
    await new Promise<void>((resolve) => destination.once("ready", () => resolve()));
    const app = await buildApp({
      env: parseEnv({}),
      logger: serverLogger("info", destination, 60_000),
    });
    try {
      // Any request but the probes, which are not logged.
      await app.inject({ url: "/no-such-page" });
      expect(await readFile(file, "utf8")).toBe("");
      app.log.error("something failed");
      const lines = (await readFile(file, "utf8"))
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["request", "something failed"]),
      );
      expect(lines.at(-1)).toMatchObject({ level: 50, msg: "something failed" });
      // The time as ISO 8601 in UTC, for a person reading the lines of two instances side by side.
      for (const line of lines)
        expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    } finally {
      await app.close();
      destination.flushSync();
    }
  });
});

describe("the server's log lines", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), "boothpilot-log-"));
    dirs.push(dir);
    return dir;
  };

  /**
   * server/main.ts with a terminal as its stdout, as `npm start` at a prompt has (util-linux `script` gives it a
   * pseudo-terminal): what it printed up to "Server listening", colours removed.
   */
  async function terminalOutput(extra: Record<string, string>): Promise<string> {
    const env = serverEnv({ dataDir: await dataDir() }, extra);
    const main = join(import.meta.dirname, "main.ts");
    const child = spawn("script", ["-qfec", `"${process.execPath}" "${main}"`, "/dev/null"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start line:\n${output}`)), 20_000);
        const collect = (chunk: Buffer) => {
          output += chunk;
          if (output.includes("Server listening")) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on("data", collect);
        child.stderr.on("data", collect);
        child.once("exit", () => reject(new Error(`exited before listening:\n${output}`)));
      });
    } finally {
      // The group: script and the server it started.
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes start with ESC.
    return output.replace(/\u001b\[[0-9;]*m/g, "").replace(/\r/g, "");
  }

  const startLine = (output: string) =>
    output.split("\n").find((line) => line.includes("Server listening")) ?? "";

  it("are pino-pretty's readable lines at a terminal", async () => {
    const line = startLine(await terminalOutput({}));
    expect(line).toMatch(
      /^\[\d{2}:\d{2}:\d{2}(\.\d{3})?\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  it("stay JSON at a terminal in production", async () => {
    const line = startLine(await terminalOutput({ NODE_ENV: "production" }));
    expect(JSON.parse(line)).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^Server listening/),
    });
  });

  it("stay JSON when stdout is not a terminal", async () => {
    const server = await startServer(serverEnv({ dataDir: await dataDir() }));
    try {
      const line = startLine(server.output());
      expect(JSON.parse(line)).toMatchObject({
        level: 30,
        msg: expect.stringMatching(/^Server listening/),
      });
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});
