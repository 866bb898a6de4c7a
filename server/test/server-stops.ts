// How the server tests end a server they started as a process, each end checked: killed as a crash would, or
// stopped gracefully. Apart from server-process.ts, which the e2e specs and the benchmarks load outside Vitest.
import { expect } from "vitest";
import type { RunningServer } from "./server-process.ts";

/** Kills the server with SIGKILL at an arbitrary moment within `maxDelayMs`, as a crash would, and waits for it. */
export async function killAbruptly(server: RunningServer, maxDelayMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
  server.child.kill("SIGKILL");
  expect(await server.exited).toBe("SIGKILL");
}

/** Stops the server with SIGTERM and expects the graceful stop's exit code 0. */
export async function stopGracefully(server: RunningServer): Promise<void> {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}
