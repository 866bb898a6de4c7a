// deploy/nginx.conf as an operator runs it, here: Debian's nginx (a process of our own, on free ports in a given
// folder, only the ports and paths swapped) with TLS by a self-signed certificate. For the proxy test and the page
// benchmark, which measures pages as phones get them in production (HTTP/2 over TLS).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process.ts";
import { waitFor } from "./wait-for.ts";

const run = promisify(execFile);
export const nginxBinary = "/usr/sbin/nginx";
const shipped = join(import.meta.dirname, "..", "..", "deploy", "nginx.conf");
/** The name the certificate is made for and requests carry as Host. */
export const nginxHost = "www.fairgrounds.test";

export interface ShippedNginx {
  httpsPort: number;
  httpPort: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The shipped file with one literal swapped; the literal must be there, so nginx runs the file as shipped. */
function swap(text: string, literal: string, replacement: string): string {
  if (!text.includes(literal)) throw new Error(`deploy/nginx.conf no longer has ${literal}`);
  return text.replaceAll(literal, replacement);
}

/** GET /healthz through the TLS port: 200 once nginx and an instance behind it answer. */
function healthz(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/healthz",
        rejectUnauthorized: false,
        headers: { host: nginxHost },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve(0));
    req.end();
  });
}

/**
 * Starts nginx from deploy/nginx.conf in `dir` (which must be writable by nginx's workers) in front of the two
 * instances at `upstreams` (the same port twice for one instance); resolves once /healthz answers through it.
 */
export async function startShippedNginx(
  dir: string,
  upstreams: readonly [number, number],
): Promise<ShippedNginx> {
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-days",
    "1",
    "-subj",
    `/CN=${nginxHost}`,
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
  ]);
  const httpsPort = await freePort();
  const httpPort = await freePort();
  let site = await readFile(shipped, "utf8");
  site = swap(site, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  site = swap(site, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  site = swap(site, "127.0.0.1:3001", `127.0.0.1:${upstreams[0]}`);
  site = swap(site, "127.0.0.1:3002", `127.0.0.1:${upstreams[1]}`);
  site = swap(site, "/var/log/nginx/boothpilot.access.log", join(dir, "access.log"));
  site = swap(
    site,
    "/etc/letsencrypt/live/www.fairgrounds.example/fullchain.pem",
    join(dir, "cert.pem"),
  );
  site = swap(
    site,
    "/etc/letsencrypt/live/www.fairgrounds.example/privkey.pem",
    join(dir, "key.pem"),
  );
  await writeFile(join(dir, "boothpilot.conf"), site);
  // What Debian's /etc/nginx/nginx.conf gives the file: an http block (here without the system's paths).
  await writeFile(
    join(dir, "nginx.conf"),
    [
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 256; }",
      "http {",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
      ),
      `  include ${join(dir, "boothpilot.conf")};`,
      "}",
    ].join("\n"),
  );
  const child = spawn(
    nginxBinary,
    ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  await waitFor("nginx to answer", async () => (await healthz(httpsPort)) === 200, 15_000);
  return {
    httpsPort,
    httpPort,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
