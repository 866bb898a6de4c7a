// `npm run bench:password-guesses`: what a signed-in person guessing their own password does to the site. The
// server as production builds it (a SQLite database, the site build) listens on a port; one session fires --guesses
// wrong tries at POST /admin/api/account/password at once while GET /pricing is timed one request after another,
// beside the same page timed with nothing else running. Prints the answers' statuses and the page's median and
// slowest (scrypt runs on the thread pool that also reads the site's files; the bound on checks at once keeps it
// free).
//
//   npm run build && npm run bench:password-guesses -- [--guesses 200] [--samples 40] [--build-dir build]
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../server/app.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { parseEnv } from "../server/env.ts";
import { setUpAdminAccount } from "../server/plugins/admin-auth.ts";
import { machine, percentile } from "./helpers.ts";

const { values: args } = parseArgs({
  options: {
    guesses: { type: "string", default: "200" },
    samples: { type: "string", default: "40" },
    "build-dir": { type: "string", default: "build" },
  },
});
const guesses = Number(args.guesses);
const samples = Number(args.samples);
const email = "bench.owner@boothpilot.example";
const password = "a long enough benchmark passphrase 42";

const dataDir = await mkdtemp(join(tmpdir(), "boothpilot-bench-guesses-"));
const database = await openDatabase({ dataDir });
await migrateToLatest(database);
const env = parseEnv({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
const app = await buildApp({ env, database, buildDir: resolve(args["build-dir"]) });
await setUpAdminAccount(app, env);
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
const siteOrigin = env.SITE_URL.replace(/\/+$/, "");
const json = {
  "content-type": "application/json",
  origin: siteOrigin,
  "sec-fetch-site": "same-origin",
};

try {
  const signIn = await fetch(`${origin}/admin/api/session`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);

  /** GET /pricing timed `samples` times in a row: milliseconds, sorted. */
  const timePage = async () => {
    const times: number[] = [];
    for (let n = 0; n < samples; n++) {
      const started = performance.now();
      const response = await fetch(`${origin}/pricing`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /pricing answered ${response.status}`);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const figures = (times: number[]) =>
    `median ${percentile(times, 0.5).toFixed(1)} ms, slowest ${(times.at(-1) ?? 0).toFixed(1)} ms`;

  const quiet = await timePage();
  const statuses = new Map<number, number>();
  const flood = Promise.all(
    Array.from({ length: guesses }, async (_, n) => {
      const response = await fetch(`${origin}/admin/api/account/password`, {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify({
          currentPassword: `wrong guess ${n}`,
          newPassword: `${password} new`,
        }),
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  );
  const busy = await timePage();
  await flood;

  console.log(machine());
  console.log(`GET /pricing alone:                     ${figures(quiet)}`);
  console.log(`GET /pricing during ${guesses} wrong tries:  ${figures(busy)}`);
  const answered = [...statuses].sort(([a], [b]) => a - b);
  console.log(
    `the tries' answers: ${answered.map(([status, count]) => `${count} × ${status}`).join(", ")}`,
  );
} finally {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
