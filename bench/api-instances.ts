// The API benchmark's scale-out comparison: track-referrer against one instance and against two instances on the
// same PostgreSQL database, in the same run (rounds alternate), with the same total connections, and each
// server's resident memory under load. Beside the rates: the servers' CPU per request (the same for one and two
// when they do not wait on each other) and how busy the machine's cores were (when they are all busy, a second
// instance on the same machine cannot add requests).
import { readFile } from "node:fs/promises";
import type { Result } from "autocannon";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { type Child, cpuMicros, load, median } from "./api-load.ts";

export interface InstancesRow {
  instances: number;
  rps: number;
  p99: number;
  failed: number;
  /** Resident memory of each instance at the end of its run, MiB. */
  rssMiB: number[];
  /** CPU time of all instances per request answered, µs. */
  cpuPerRequest: number;
  /** Share of the machine's CPU time that was busy during the run (every process: servers, PostgreSQL, load). */
  machineBusy: number;
}

/** The machine's busy and total CPU time so far, from the first line of /proc/stat (Linux), in clock ticks. */
async function machineTicks(): Promise<{ busy: number; total: number }> {
  const fields =
    (await readFile("/proc/stat", "utf8")).split("\n")[0]?.trim().split(/\s+/).slice(1) ?? [];
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, n) => sum + n, 0);
  // idle and iowait are the fourth and fifth fields.
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
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
  const cpuOf = async () =>
    (await Promise.all(apps.map((app) => cpuMicros(app.process.pid)))).reduce(
      (sum, cpu) => sum + cpu.process,
      0,
    );
  const [cpuBefore, ticksBefore] = [await cpuOf(), await machineTicks()];
  const results: Result[] = await Promise.all(
    apps.map((app) => load(app.port, trackReferrerPath, "track-referrer", seconds, share)),
  );
  const [cpuAfter, ticksAfter] = [await cpuOf(), await machineTicks()];
  const answered = results.reduce((sum, r) => sum + r["2xx"] + r.non2xx, 0);
  return {
    instances: apps.length,
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    rssMiB: await Promise.all(apps.map(rssMiB)),
    cpuPerRequest: (cpuAfter - cpuBefore) / answered,
    machineBusy: (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total),
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
        `PostgreSQL track-referrer, ${r.instances} instance(s): ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.cpuPerRequest.toFixed(0)} µs server CPU/req, machine ${(r.machineBusy * 100).toFixed(0)}% busy, RSS ${r.rssMiB.map((m) => m.toFixed(0)).join(" + ")} MiB`,
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
    "| instances | req/s (sum) | p99 ms (worst) | failed | server CPU µs/req (all instances) | machine CPU busy | RSS per instance MiB |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.instances} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.failed} | ${r.cpuPerRequest.toFixed(0)} | ${(r.machineBusy * 100).toFixed(0)}% | ${r.rssMiB.map((m) => m.toFixed(0)).join(", ")} |`,
    ),
  ].join("\n");
}
