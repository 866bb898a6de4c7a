// `npm start`: builds the site when there is no build or content or code is newer than it, then starts the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { siteManifestFile } from "../server/site/manifest.ts";

const projectDir = join(import.meta.dirname, "..");
const manifest = join(projectDir, "build", siteManifestFile);
/** What the build is made from: a file here changed after the build means the build is old. */
const sources = ["content", "app", "contracts", "public", "keystatic.config.ts", "vite.config.ts"];

/** The newest modification time under a file or folder (0 when it is missing). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

const reason = !existsSync(manifest)
  ? "No build found"
  : newest(manifest) < Math.max(...sources.map((source) => newest(join(projectDir, source))))
    ? "Content or code changed since the last build"
    : undefined;
if (reason && process.env.START_WITHOUT_BUILD === "1") {
  console.warn(`${reason}: serving the old build anyway (START_WITHOUT_BUILD=1).`);
} else if (reason) {
  console.log(`${reason}: running \`npm run build\` first.`);
  const result = spawnSync("npm", ["run", "build"], { cwd: projectDir, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import("../server/main.ts");
await main();
