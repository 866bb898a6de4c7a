// .env.example and README's Configuration table against the two schemas: every variable, with its default.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildEnvSchema, parseBuildEnv } from "../app/config/build-env.ts";
import { envSchema, parseEnv } from "../server/env.ts";

const root = join(import.meta.dirname, "..");
const example = readFileSync(join(root, ".env.example"), "utf8");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** NAME=value lines of .env.example. */
const exampleValues = new Map(
  example
    .split("\n")
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1] as string, match[2] as string]),
);
/** Variable names in the first cell of README's table rows. */
const readmeNames = new Set(
  readme
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1] as string),
);

/** A default as .env.example writes it: unset (undefined, or TRUST_PROXY's false) is an empty value. */
const asText = (value: unknown) =>
  Array.isArray(value)
    ? value.join(",")
    : value === undefined || value === false
      ? ""
      : String(value);

const schemas = [
  { name: "build", keys: Object.keys(buildEnvSchema.shape), defaults: parseBuildEnv({}) },
  { name: "run", keys: Object.keys(envSchema.shape), defaults: parseEnv({}) },
] as const;

describe("configuration documents", () => {
  for (const schema of schemas) {
    it(`list every ${schema.name}-time variable, in .env.example with its default`, () => {
      expect(schema.keys.length).toBeGreaterThan(2);
      for (const key of schema.keys) {
        expect(readmeNames, `${key} in README's table`).toContain(key);
        expect(exampleValues.has(key), `${key} in .env.example`).toBe(true);
        const defaults: Record<string, unknown> = schema.defaults;
        expect(exampleValues.get(key), `${key}'s default in .env.example`).toBe(
          asText(defaults[key]),
        );
      }
    });
  }

  it("name no variable that neither schema reads", () => {
    const known = new Set(schemas.flatMap((schema) => schema.keys));
    for (const key of exampleValues.keys()) expect(known, `${key} in .env.example`).toContain(key);
    for (const key of readmeNames) expect(known, `${key} in README's table`).toContain(key);
  });

  it("give each variable in .env.example one line of meaning above it", () => {
    const lines = example.split("\n");
    lines.forEach((line, index) => {
      if (!/^[A-Z]/.test(line)) return;
      let above = index - 1;
      while (above >= 0 && /^[A-Z]/.test(lines[above] ?? "")) above--;
      expect(lines[above], `meaning of ${line}`).toMatch(/^# \S/);
    });
  });
});
