// The API benchmark's scale-out comparison: track-referrer against one instance and against two instances on the
// same PostgreSQL database, in the same run (rounds alternate), with the same total connections, and each
// server's resident memory under load.
import { readFile } from "node:fs/promises";
import type { Result } from "autocannon";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { type Child, load, median } from "./api-load.ts";

export interface InstancesRow {
  instances: number;
  rps: number;
  p99: number;
  failed: number;
  /** Resident memory of each instance at the end of its run, MiB. */
  rssMiB: number[];
}

async function rssMiB(child: Child): Promise<number> {
  try {
    const status = await readFile(`/proc/${child.process.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Every instance under load at once, the connections split between them: the sum of their rates. */
async function runOn(apps: Child[], seconds: number, connections: number): Promise<InstancesRow> {
  const share = Math.max(1, Math.floor(connections / apps.length));
  const results: Result[] = await Promise.all(
    apps.map((app) => load(app.port, trackReferrerPath, "track-referrer", seconds, share)),
  );
  return {
    instances: apps.length,
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    rssMiB: await Promise.all(apps.map(rssMiB)),
  };
}

export async function compareInstances(
  startApp: () => Promise<Child>,
  options: { rounds: number; seconds: number; connections: number },
): Promise<InstancesRow[]> {
  const apps = [await startApp(), await startApp()];
  const [first] = apps as [Child, Child];
  try {
    await runOn(apps, 2, options.connections);
    const one: InstancesRow[] = [];
    const two: InstancesRow[] = [];
    for (let round = 0; round < options.rounds; round++) {
      one.push(await runOn([first], options.seconds, options.connections));
      two.push(await runOn(apps, options.seconds, options.connections));
    }
    const rows = [median(one, (r) => r.rps), median(two, (r) => r.rps)];
    for (const r of rows) {
      console.log(
        `PostgreSQL track-referrer, ${r.instances} instance(s): ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, RSS ${r.rssMiB.map((m) => m.toFixed(0)).join(" + ")} MiB`,
      );
    }
    return rows;
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
}

export function instancesMarkdown(rows: InstancesRow[], connections: number): string {
  return [
    `Track-referrer on PostgreSQL, one instance and two instances of the server on the same database in the same run (rounds alternate; ${connections} connections in all, split evenly between the instances; each row is the median round):`,
    "",
    "| instances | req/s (sum) | p99 ms (worst) | failed | RSS per instance MiB |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.instances} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.failed} | ${r.rssMiB.map((m) => m.toFixed(0)).join(", ")} |`,
    ),
  ].join("\n");
}
