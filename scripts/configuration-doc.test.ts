// docs/configuration.md and .env.example against the two schemas: regenerated here, they must match the files.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildEnvSchema, parseBuildEnv } from "../app/config/build-env.ts";
import { envSchema, parseEnv } from "../server/env.ts";
import { defaultAsText } from "./lib/configuration-doc.ts";
import { configurationDocs, repositoryRoot } from "./lib/generated-docs.ts";

const read = (path: string) => readFileSync(join(repositoryRoot, path), "utf8");

describe("configuration documents", () => {
  for (const doc of configurationDocs()) {
    it(`${doc.path} is what the schemas generate (run \`npm run docs\` after changing one)`, () => {
      expect(read(doc.path)).toBe(doc.content);
    });
  }

  const schemas = [
    { name: "build", keys: Object.keys(buildEnvSchema.shape), defaults: parseBuildEnv({}) },
    { name: "run", keys: Object.keys(envSchema.shape), defaults: parseEnv({}) },
  ] as const;

  // Read back as a person or a shell reads them, so a generator that lost a variable or a default fails here too.
  const exampleValues = new Map(
    read(".env.example")
      .split("\n")
      .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] as string, match[2] as string]),
  );
  const documentedRows = new Map(
    read("docs/configuration.md")
      .split("\n")
      .map((line) => /^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \| (.+?) \| (.+) \|$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1] as string, match]),
  );

  for (const schema of schemas) {
    it(`list every ${schema.name}-time variable with its default and a meaning`, () => {
      expect(schema.keys.length).toBeGreaterThan(2);
      const defaults: Record<string, unknown> = schema.defaults;
      for (const key of schema.keys) {
        const expected = defaultAsText(defaults[key]);
        expect(exampleValues.get(key), `${key}'s default in .env.example`).toBe(expected);
        const row = documentedRows.get(key);
        expect(row, `${key} in docs/configuration.md`).toBeDefined();
        expect(row?.[2], `${key}'s time`).toContain(schema.name);
        expect(row?.[3], `${key}'s default`).toBe(expected ? `\`${expected}\`` : "unset");
        expect(row?.[4]?.length, `${key}'s meaning`).toBeGreaterThan(10);
      }
    });
  }

  it("name no variable that neither schema reads", () => {
    const known = new Set(schemas.flatMap((schema) => schema.keys));
    expect([...exampleValues.keys()].filter((key) => !known.has(key))).toEqual([]);
    expect([...documentedRows.keys()].filter((key) => !known.has(key))).toEqual([]);
  });

  it("give each variable in .env.example its meaning in the comment above it", () => {
    const lines = read(".env.example").split("\n");
    lines.forEach((line, index) => {
      if (/^[A-Z]/.test(line)) expect(lines[index - 1], `meaning of ${line}`).toMatch(/^# \S/);
    });
  });
});
