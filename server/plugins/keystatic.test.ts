import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { parseEnv } from "../env.ts";
import { writeSiteBuild } from "../test/site-build.ts";

const repoRoot = join(import.meta.dirname, "../..");

describe("the content editor's API", () => {
  it("is answered 404 by a server whose KEYSTATIC_MODE is not set, with or without the site", async () => {
    const build = await writeSiteBuild({}, []);
    const app = await buildApp({ env: parseEnv({}), buildDir: build.dir });
    try {
      for (const [method, url] of [
        ["GET", "/api/keystatic/tree"],
        ["POST", "/api/keystatic/update"],
      ] as const) {
        const response = await app.inject({ method, url, headers: { "no-cors": "1" } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await app.close();
      await build.remove();
    }
  });

  it("refuses local mode on an address other machines reach, and github mode without a repository", () => {
    expect(() => parseEnv({ KEYSTATIC_MODE: "local", HOST: "0.0.0.0" })).toThrow(
      /KEYSTATIC_MODE=local writes files: it runs only with HOST a loopback address/,
    );
    expect(() => parseEnv({ KEYSTATIC_MODE: "github" })).toThrow(
      /KEYSTATIC_GITHUB_REPO is required when KEYSTATIC_MODE=github/,
    );
  });

  describe("in local mode", () => {
    let root: string;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), "boothpilot-content-"));
      await cp(join(repoRoot, "content"), join(root, "content"), { recursive: true });
      process.env.CONTENT_ROOT = root;
      app = await buildApp({ env: parseEnv({ KEYSTATIC_MODE: "local" }) });
    });
    afterAll(async () => {
      delete process.env.CONTENT_ROOT;
      await app?.close();
      await rm(root, { recursive: true, force: true });
    });

    it("saves a raw JSON body into the content folder, and refuses a request without `no-cors: 1`", async () => {
      const file = "content/event-types/card-shows.yaml";
      const contents = Buffer.from("name: Card Shows\n").toString("base64url");
      const body = JSON.stringify({ additions: [{ path: file, contents }], deletions: [] });
      const refused = await app.inject({
        method: "POST",
        url: "/api/keystatic/update",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(refused.statusCode).toBe(400);
      expect(await readFile(join(root, file), "utf8")).not.toBe("name: Card Shows\n");

      const saved = await app.inject({
        method: "POST",
        url: "/api/keystatic/update",
        headers: { "content-type": "application/json", "no-cors": "1" },
        body,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await readFile(join(root, file), "utf8")).toBe("name: Card Shows\n");
    });

    it("lists the content files for the editor", async () => {
      const tree = await app.inject({ url: "/api/keystatic/tree", headers: { "no-cors": "1" } });
      expect(tree.statusCode).toBe(200);
      const paths = (tree.json() as { path: string }[]).map((entry) => entry.path);
      expect(paths).toContain("content/event-types/flea-markets.yaml");
    });
  });
});
