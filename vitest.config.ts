// Vitest: unit, component and server tests (beside their code); the browser suites are Playwright's.
import { defineConfig } from "vitest/config";
import { parseBuildEnv } from "./app/config/build-env.ts";

export default defineConfig({
  // Tests see the default build-time configuration, whatever the shell exports.
  define: {
    __BUILD_ENV__: JSON.stringify(parseBuildEnv({})),
    __SPA_FALLBACK_IS_CONSOLE__: "true",
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "contracts/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Most test files wait on sockets, PostgreSQL, SMTP or timers rather than the CPU: three at once on two
    // cores ran the suite in 185 s instead of 405 s with Vitest's default of one (cores - 1).
    maxWorkers: 3,
    // Finds (or starts) PostgreSQL for the storage tests and drops this run's test databases afterwards.
    globalSetup: ["server/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
