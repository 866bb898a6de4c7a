// `npm run bench:build -- --guides 500`: the build time of the site as it is and with that many generated guides
// added, in one run, on a temporary copy of the repository (node_modules shared by a link), and the seconds each
// added guide costs. Goal (not a test): at most 0.15 s a guide. `--write` records the figures in
// docs/performance.md.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eventTypeSlugs } from "../app/config/paths.ts";
import { machine, writePerformanceSection } from "./helpers.ts";

const root = join(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    guides: { type: "string", default: "500" },
    write: { type: "boolean", default: false },
  },
});
const added = Number(args.guides);
if (!Number.isInteger(added) || added < 1) throw new Error("--guides takes a whole number above 0");

/** A generated guide serves one to three of the site's event types. */
const typesOf = (n: number) =>
  [0, 1, 2].slice(0, 1 + (n % 3)).map((i) => eventTypeSlugs[(n + i * 4) % eventTypeSlugs.length]);

/** A generated guide of about the length of the real ones: six sections of some 130 words, a list, a table. */
function guideFile(n: number): string {
  const paragraph = (s: number) =>
    Array.from(
      { length: 8 },
      (_, i) =>
        `Sentence ${i + 1} of section ${s} in generated guide ${n} says what an organizer does next and why.`,
    ).join(" ");
  const sections = Array.from(
    { length: 6 },
    (_, s) =>
      `## Step ${s + 1} of generated guide ${n}\n\n${paragraph(s)}\n\n${paragraph(s + 10)}\n\n- One point\n- Another point`,
  );
  const day = String(1 + (n % 28)).padStart(2, "0");
  return `---
title: Generated guide ${n}
description: A generated guide for the build benchmark, number ${n}.
publishedDate: 2026-10-${day}
updatedDate: 2026-10-${day}
eventTypes:
${typesOf(n)
  .map((type) => `  - ${type}`)
  .join("\n")}
cover:
  discriminant: false
draft: false
---
Generated guide ${n}.

${sections.join("\n\n")}

| Column | Value |
|---|---|
| Guide | ${n} |
`;
}

/**
 * CPU seconds of every process this one has waited for (Linux: cutime + cstime of /proc/self/stat, 100 ticks a
 * second): the build's CPU, which a busy machine stretches less than its wall-clock time.
 */
function childrenCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  // Fields 16 and 17 of proc(5), counted here from field 3 (state).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface BuildTime {
  wall: number;
  cpu: number;
}

/** Runs `npm run build` in `cwd`; resolves with its wall-clock and CPU seconds, or rejects with its output's end. */
function timedBuild(cwd: string): Promise<BuildTime> {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code) =>
      code === 0
        ? resolve({
            wall: (performance.now() - started) / 1000,
            cpu: childrenCpuSeconds() - cpuBefore,
          })
        : reject(new Error(`build failed in ${cwd} (exit ${code}):\n${output.slice(-3000)}`)),
    );
  });
}

const copy = await mkdtemp(join(tmpdir(), "boothpilot-bench-build-"));
try {
  await cp(root, copy, {
    recursive: true,
    filter: (source) =>
      !/[\\/](node_modules|build|\.git|\.react-router|test-results|screenshots)$/.test(source),
  });
  await symlink(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  const guidesBefore = (await readdir(join(copy, "content", "guides"))).length;
  console.log(`bench:build: building the site as it is (${guidesBefore} guide files) in ${copy}`);
  const before = await timedBuild(copy);
  for (let n = 1; n <= added; n++) {
    await writeFile(
      join(copy, "content", "guides", `generated-guide-${String(n).padStart(4, "0")}.mdoc`),
      guideFile(n),
    );
  }
  console.log(`bench:build: building again with ${added} generated guides`);
  const after = await timedBuild(copy);
  const perGuide = (after.wall - before.wall) / added;
  const cpuPerGuide = (after.cpu - before.cpu) / added;
  const lines = [
    `| Build | Seconds | CPU seconds |`,
    `|---|---|---|`,
    `| The site as it is (${guidesBefore} guide files) | ${before.wall.toFixed(1)} | ${before.cpu.toFixed(1)} |`,
    `| With ${added} generated guides | ${after.wall.toFixed(1)} | ${after.cpu.toFixed(1)} |`,
    `| Per added guide | ${perGuide.toFixed(3)} (goal ≤ 0.15) | ${cpuPerGuide.toFixed(3)} |`,
  ];
  console.log(lines.join("\n"));
  console.log(
    `Measured on ${machine()}, one-minute load average ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
  );
  if (args.write)
    await writePerformanceSection(
      "bench-build",
      "Guides: build time as content grows",
      `\`npm run bench:build -- --guides ${added}\`, ${new Date().toISOString().slice(0, 10)}, ${machine()}:\n\n${lines.join("\n")}`,
    );
} finally {
  await rm(copy, { recursive: true, force: true });
}
