// deploy/nginx.conf as an operator runs it: Debian's nginx (a process of the test's own, on free ports in a temporary
// folder, only the ports and paths swapped) with TLS in front of two instances of the build (server/main.ts in
// production) on one PostgreSQL database set up with the SQL of docs/deploy.md. Through the proxy: pages and
// their headers, a visit and contact posts counted by the client's address, and one instance stopped by SIGTERM
// under light load without a failed request.
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { Agent, request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import { freePort, type RunningServer, startServer } from "../../server/test/server-process.ts";
import { type ShippedNginx, startShippedNginx } from "../../server/test/shipped-nginx.ts";
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from "../../server/test/throwaway-postgres.ts";
import { e2eAdmin } from "./admin-account.ts";
import { expect, test } from "./fixtures.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

test.describe("deploy/nginx.conf in front of two instances on PostgreSQL", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let dir: string;
  let postgres: ThrowawayPostgres | undefined;
  const instances: RunningServer[] = [];
  let nginx: ShippedNginx | undefined;
  let httpsPort: number;
  let httpPort: number;
  // Self-signed: this client checks the connection is TLS, not who signed it.
  const agent = new Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 8 });

  /** A request through nginx's TLS port, from a loopback address of the test's choosing (the "client"). */
  const send = (
    method: string,
    path: string,
    options: { from?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port: httpsPort,
          method,
          path,
          agent: options.from ? undefined : agent,
          rejectUnauthorized: false,
          localAddress: options.from,
          headers: { host: "www.fairgrounds.test", ...options.headers },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  const postJson = (
    path: string,
    payload: unknown,
    options: { from?: string; headers?: Record<string, string> } = {},
  ) =>
    send("POST", path, {
      ...options,
      headers: { "content-type": "application/json", ...options.headers },
      body: JSON.stringify(payload),
    });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = await mkdtemp(join(tmpdir(), "boothpilot-nginx-"));
    // As root nginx's workers run as another user: they write their temporary files here.
    await chmod(dir, 0o777);

    // PostgreSQL set up as docs/deploy.md says: a role that owns its database.
    postgres = await startThrowawayPostgres(await freePort());
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query("CREATE ROLE boothpilot LOGIN PASSWORD 'change-me'");
      await admin.query("CREATE DATABASE boothpilot OWNER boothpilot");
    } finally {
      await admin.end();
    }
    const databaseUrl = new URL(postgres.url);
    databaseUrl.username = "boothpilot";
    databaseUrl.password = "change-me";
    databaseUrl.pathname = "/boothpilot";

    // Two instances started together, as systemd starts boothpilot@3001 and boothpilot@3002.
    const ports = [await freePort(), await freePort()];
    instances.push(
      ...(await Promise.all(
        ports.map((port) =>
          startServer(
            {
              PATH: process.env.PATH ?? "",
              NODE_ENV: "production",
              PORT: String(port),
              HOST: "127.0.0.1",
              DATA_DIR: dir,
              DATABASE_URL: databaseUrl.toString(),
              TRUST_PROXY: "127.0.0.1",
              LOG_LEVEL: "info",
              ADMIN_EMAIL: e2eAdmin.email,
              ADMIN_PASSWORD: e2eAdmin.password,
            },
            { startMs: 60_000 },
          ),
        ),
      )),
    );

    nginx = await startShippedNginx(dir, [ports[0] as number, ports[1] as number]);
    httpsPort = nginx.httpsPort;
    httpPort = nginx.httpPort;
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    agent.destroy();
    await nginx?.stop();
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill("SIGTERM");
        await instance.exited;
      }
    }
    await postgres?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  test("the instances set the first owner up once", () => {
    const logs = instances.map((instance) => instance.output()).join("\n");
    expect(logs.match(/admin account created/g)).toHaveLength(1);
    expect(logs).not.toContain("recovered");
  });

  test("serves pages over TLS with the server's headers and nginx's request id", async () => {
    const home = await send("GET", "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("<!DOCTYPE html>");
    expect(home.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(home.headers["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains; preload",
    );
    expect(home.headers["x-content-type-options"]).toBe("nosniff");
    // nginx's $request_id (32 hex digits), which the instance logged as its reqId.
    const id = String(home.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await expect
      .poll(() => instances.map((instance) => instance.output()).join("\n"))
      .toContain(`"reqId":"${id}"`);

    const missing = await send("GET", "/no-such-page");
    expect(missing.status).toBe(404);
    // Plain HTTP is sent to HTTPS.
    const plain = await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: httpPort, path: "/pricing" }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
      });
      req.on("error", reject);
      req.end();
    });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toMatch(/^https:\/\/[^/]+\/pricing$/);
  });

  test("takes a visit, and counts contact posts by the client's address across both instances", async () => {
    const visit = await postJson(trackReferrerPath, {
      session_id: randomUUID(),
      referrer: "https://www.google.com/",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
      page_url: "https://www.fairgrounds.test/pricing?utm_source=nginx",
    });
    expect(visit.status).toBe(200);

    // Client 127.0.0.5 tries to pass for others: nginx replaces X-Forwarded-For, so all six count as its own.
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const answer = await postJson(
        contactFormPath,
        { name: "Grace Hopper", email: "grace@example.com", message: `through nginx ${n}` },
        { from: "127.0.0.5", headers: { "x-forwarded-for": `198.51.100.${n}` } },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client (nginx itself is 127.0.0.1 to both instances, so the limit is not nginx's).
    const other = await postJson(
      contactFormPath,
      { name: "Ada Lovelace", email: "ada@example.com", message: "from another client" },
      { from: "127.0.0.6" },
    );
    expect(other.status).toBe(200);
  });

  test("loses no request when one instance stops on SIGTERM under light load", async () => {
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    let visitor = 0;
    const load = async (kind: "page" | "visit") => {
      while (running) {
        // Visitors of their own (127.0.1.x), each well under the 60 visits a minute of one address.
        const from = `127.0.1.${(visitor++ % 200) + 1}`;
        const answer =
          kind === "page"
            ? await send("GET", "/features").catch((error: Error) => ({
                status: 0,
                body: error.message,
              }))
            : await postJson(
                trackReferrerPath,
                {
                  session_id: randomUUID(),
                  referrer: "https://www.google.com/",
                  user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
                  page_url: "https://www.fairgrounds.test/",
                },
                { from },
              ).catch((error: Error) => ({ status: 0, body: error.message }));
        answered++;
        if (answer.status !== 200)
          failures.push(`${kind}: ${answer.status} ${answer.body.slice(0, 200)}`);
        await new Promise((done) => setTimeout(done, 20));
      }
    };
    const loads = [load("page"), load("visit"), load("visit")];
    await new Promise((done) => setTimeout(done, 1_000));
    const stopping = instances[0];
    stopping?.child.kill("SIGTERM");
    const exit = await stopping?.exited;
    await new Promise((done) => setTimeout(done, 1_500));
    running = false;
    await Promise.all(loads);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(30);
    // A stop within its grace: nginx's idle connections to it did not hold it open.
    expect(exit).toBe(0);
  });
});
