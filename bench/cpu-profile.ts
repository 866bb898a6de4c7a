// Where a server's main thread spent its time, from the V8 CPU profile `node --cpu-prof` writes on exit: each
// sample goes to the nearest frame on its stack that is a package or a file of this project, so the built-ins and
// Node internals a package calls (its regular expressions, a native database call) count as that package's.
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CpuShare {
  owner: string;
  /** Microseconds of the thread's busy time. */
  micros: number;
}

const projectDir = fileURLToPath(new URL("..", import.meta.url));

/** "bowser", "@fastify/helmet", "server/db/sqlite.ts", or "" for Node internals and V8 built-ins. */
function ownerOf(url: string): string {
  if (!url.startsWith("file://")) return "";
  const path = fileURLToPath(url);
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return inPackage ? inPackage[1]! : relative(projectDir, path);
}

/**
 * The busy time of the profile's thread by owner, largest first. Samples whose whole stack is Node's own (the
 * HTTP parser, streams, timers) are "Node.js"; V8's garbage collector and the rest of its own work keep their
 * names. Idle time is left out.
 */
export async function cpuShares(file: string): Promise<{ busyMicros: number; shares: CpuShare[] }> {
  const profile = JSON.parse(await readFile(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const ownerById = new Map<number, string>();
  const resolve = (id: number): string => {
    const known = ownerById.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const own = ownerOf(node.callFrame.url);
    const parent = parentOf.get(id);
    const owner = own || (parent === undefined ? "Node.js" : resolve(parent));
    ownerById.set(id, owner);
    return owner;
  };
  const micros = new Map<string, number>();
  let busyMicros = 0;
  profile.samples.forEach((id, index) => {
    const name = byId.get(id)!.callFrame.functionName;
    if (name === "(idle)") return;
    const delta = profile.timeDeltas[index] ?? 0;
    const owner = name === "(garbage collector)" || name === "(program)" ? name : resolve(id);
    micros.set(owner, (micros.get(owner) ?? 0) + delta);
    busyMicros += delta;
  });
  const shares = [...micros].map(([owner, time]) => ({ owner, micros: time }));
  return { busyMicros, shares: shares.sort((a, b) => b.micros - a.micros) };
}

/** The largest owners as lines: share of the busy time and microseconds per answered request. */
export function sharesText(
  busyMicros: number,
  shares: CpuShare[],
  answered: number,
  top = 15,
): string {
  return shares
    .slice(0, top)
    .map(
      ({ owner, micros }) =>
        `${((100 * micros) / busyMicros).toFixed(1).padStart(5)}%  ${(micros / answered).toFixed(1).padStart(6)} µs/req  ${owner}`,
    )
    .join("\n");
}
