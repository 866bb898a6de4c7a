import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";
import { serverLogger } from "./log-destination.ts";

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
    } finally {
      await app.close();
      destination.flushSync();
    }
  });
});
