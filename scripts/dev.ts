// `npm run dev`: Vite's dev server for the pages and the editor, with the server beside it for the functions,
// the console's API and the editor's API in local mode (saving into content/), both on this machine only.
import { spawn } from "node:child_process";
import { join } from "node:path";

const projectDir = join(import.meta.dirname, "..");
const vitePort = Number(process.env.DEV_PORT ?? 5173);
const serverPort = Number(process.env.DEV_SERVER_PORT ?? vitePort + 1);
const serverOrigin = `http://127.0.0.1:${serverPort}`;
const env = { ...process.env, KEYSTATIC_MODE: process.env.KEYSTATIC_MODE ?? "local" };

const server = spawn(process.execPath, ["server/main.ts"], {
  cwd: projectDir,
  stdio: "inherit",
  env: { ...env, PORT: String(serverPort), HOST: "127.0.0.1", SERVE_SITE: "off" },
});
// React Router's CLI on this Node (the project's own 24), whatever `node` is first on PATH.
const vite = spawn(
  process.execPath,
  [join(projectDir, "node_modules/@react-router/dev/bin.cjs"), "dev", "--port", String(vitePort)],
  { cwd: projectDir, stdio: "inherit", env: { ...env, DEV_SERVER_ORIGIN: serverOrigin } },
);
console.log(
  `dev: pages and the editor (/keystatic) on Vite, functions and APIs from ${serverOrigin}`,
);

// One stops, both stop: a dev server without its functions would answer the contact form 404.
for (const child of [server, vite]) {
  child.on("exit", (code) => {
    for (const other of [server, vite]) if (other !== child) other.kill("SIGTERM");
    process.exitCode = code ?? 0;
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.kill(signal);
    vite.kill(signal);
  });
}
