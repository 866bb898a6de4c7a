// `npm start`: builds the site when there is no build yet, then starts the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { siteManifestFile } from "../server/site/manifest.ts";

const projectDir = join(import.meta.dirname, "..");

if (!existsSync(join(projectDir, "build", siteManifestFile))) {
  console.log("No build found: running `npm run build` first.");
  const result = spawnSync("npm", ["run", "build"], { cwd: projectDir, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import("../server/main.ts");
await main();
