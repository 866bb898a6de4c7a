// What the API benchmark's runs share: a server child process, the request bodies (each a new committed write),
// autocannon runs with the server's CPU time from /proc, and the rows they make.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import autocannon, { type Result } from "autocannon";
import { paths, siteRoutes } from "../app/config/paths.ts";
import { directReferrer } from "../contracts/track-referrer.ts";

const projectDir = join(import.meta.dirname, "..");

export interface Child {
  process: ChildProcess;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns a server; resolves once `pattern` finds its port in the output (at once when there is no pattern). */
export function startChild(
  command: string[],
  env: Record<string, string>,
  pattern: RegExp | null,
): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      cwd: projectDir,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let found = false;
    const child_: Child = {
      process: child,
      port: 0,
      output: () => output,
      stop: () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once("exit", () => done());
          child.kill("SIGTERM");
        }),
    };
    if (pattern === null) {
      found = true;
      resolve(child_);
    }
    const collect = (chunk: Buffer) => {
      // Keep the start and the end of the log (the end holds the shutdown figures); drain the rest.
      output =
        output.length < 20_000
          ? output + chunk
          : output.slice(0, 10_000) + chunk.toString().slice(-10_000);
      const match = found || pattern === null ? null : pattern.exec(output);
      if (match?.[1]) {
        found = true;
        resolve({ ...child_, port: Number(match[1]) });
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.once("exit", (code) => {
      if (!found)
        reject(new Error(`${command.join(" ")} exited (${code}) before listening:\n${output}`));
    });
  });
}

export type Target = "track-referrer" | "track-event" | "submit-contact-form";

let counter = 0;
/** Visits whose sessions the events can use: a server stores tens of thousands of visits in one run. */
const sessionsKept = 20_000;

/**
 * The sessions of the latest visits a server stored, for the events sent to it after them. A real page sends its
 * visit, then its pageviews and clicks, so each event belongs to a stored visit and the rollup worker joins and
 * counts it; an event whose visit never comes would only wait in the queue.
 */
export class Sessions {
  readonly #ids: string[] = [];
  #next = 0;

  add(id: string): void {
    this.#ids[this.#next] = id;
    this.#next = (this.#next + 1) % sessionsKept;
  }

  /** One of them, in turn (a new session when there are none). */
  pick(turn: number): string {
    return this.#ids[turn % this.#ids.length] ?? randomUUID();
  }

  get size(): number {
    return this.#ids.length;
  }
}

/** Pages a visit goes on to, and the calls to action clicked on them (one event in ten). */
const benchPages = [
  paths.home,
  paths.pricing,
  paths.feature("interactive-venue-mapping"),
  paths.eventType("flea-markets"),
  paths.about,
];
const benchClicks = ["sign_up", "sign_up", "login", "sample_event", "video"];

/**
 * What makes one visit differ from the next, as on a real site, so the rollup worker sums as many distinct rows as it
 * would there: where it came from (search, social, AI, e-mail, a tail of other sites, or nowhere), the page it landed
 * on, a campaign on one visit in nine, and the browser. The lists' lengths (47, 26, 7) and the nine share no factor,
 * so a combination comes back once in 76,986 visits. Every visit comes from 127.0.0.1: no country.
 */
const benchReferrers = [
  "https://www.google.com/search?q=vendor+management",
  "https://www.bing.com/",
  "https://duckduckgo.com/",
  "https://www.linkedin.com/",
  "https://l.facebook.com/",
  "https://chatgpt.com/",
  "https://mail.google.com/",
  ...Array.from({ length: 34 }, (_, i) => `https://site-${i}.example/blog/markets`),
  // Nearly one visit in eight comes with no referrer.
  ...Array.from({ length: 6 }, () => directReferrer),
];
const benchCampaigns = ["spring-fairs", "newsletter-nov", "card-shows", "food-trucks", "expo-week"];
const benchUserAgents = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0",
  "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
];
/** The list's entry for the n-th visit. */
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/**
 * A request body for `target`, each one new: a new session (kept in `sessions`), an event of one of `sessions`, or a
 * distinct message.
 */
export function requestBody(target: Target, sessions?: Sessions): string {
  counter++;
  if (target === "track-event") {
    const click = counter % 10 === 0;
    return JSON.stringify({
      event_id: randomUUID(),
      session_id: sessions?.pick(counter) ?? randomUUID(),
      name: click ? benchClicks[(counter / 10) % benchClicks.length] : "pageview",
      path: `${benchPages[counter % benchPages.length]}?utm_campaign=bench`,
    });
  }
  if (target === "track-referrer") {
    const session = randomUUID();
    sessions?.add(session);
    const campaign =
      counter % 9 === 0
        ? `?utm_source=newsletter&utm_medium=email&utm_campaign=${nth(benchCampaigns, counter / 9)}`
        : "";
    return JSON.stringify({
      session_id: session,
      referrer: nth(benchReferrers, counter),
      page_url: `https://www.boothpilot.example${nth(siteRoutes, counter).path}${campaign}`,
      user_agent: nth(benchUserAgents, counter),
    });
  }
  return JSON.stringify({
    name: "Bench Organizer",
    email: "organizer@example.com",
    phone: "+1 555 0100",
    business_name: "Benchmark Flea Market",
    website: "https://market.example",
    message: `We run a monthly flea market with 120 booths and would like a demo. Request ${counter} ${randomUUID()}.`,
  });
}

export async function load(
  port: number,
  path: string,
  target: Target,
  seconds: number,
  connections: number,
  sessions?: Sessions,
): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path,
        headers: {
          "content-type": "application/json",
          "user-agent": "Mozilla/5.0 (bench) Safari/605.1.15",
        },
        setupRequest: (request) => ({ ...request, body: requestBody(target, sessions) }),
      },
    ],
  });
}

/** CPU time (user + system) so far of a process and of its main thread, in microseconds, from /proc (Linux). */
export async function cpuMicros(
  pid: number | undefined,
): Promise<{ process: number; mainThread: number }> {
  const read = async (file: string) => {
    const fields = (await readFile(file, "utf8")).split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  };
  if (pid === undefined) return { process: Number.NaN, mainThread: Number.NaN };
  try {
    return {
      process: await read(`/proc/${pid}/stat`),
      mainThread: await read(`/proc/${pid}/task/${pid}/stat`),
    };
  } catch {
    return { process: Number.NaN, mainThread: Number.NaN };
  }
}

export interface Measured {
  result: Result;
  /** Server process, all threads. */
  cpuPerRequest: number;
  /** The server's main thread: HTTP, validation, logging (the SQLite writer thread is the rest, with GC). */
  mainThreadCpuPerRequest: number;
  /** This process: autocannon, competing with the server for the same cores. */
  loadGeneratorCpuPerRequest: number;
}

export async function measure(
  server: Child,
  path: string,
  target: Target,
  seconds: number,
  connections: number,
  sessions?: Sessions,
): Promise<Measured> {
  const before = await cpuMicros(server.process.pid);
  const ownBefore = process.cpuUsage();
  const result = await load(server.port, path, target, seconds, connections, sessions);
  const own = process.cpuUsage(ownBefore);
  const after = await cpuMicros(server.process.pid);
  const answered = result["2xx"] + result.non2xx;
  const perRequest = (micros: number) => (answered > 0 ? micros / answered : Number.NaN);
  return {
    result,
    cpuPerRequest: perRequest(after.process - before.process),
    mainThreadCpuPerRequest: perRequest(after.mainThread - before.mainThread),
    loadGeneratorCpuPerRequest: perRequest(own.user + own.system),
  };
}

export function median<T>(values: T[], key: (value: T) => number): T {
  const sorted = [...values].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

export interface Row {
  database: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
  cpu: number;
  mainThreadCpu: number;
  loadGeneratorCpu: number;
  ratio?: number;
  stored?: number;
}

export function row(database: string, target: string, measured: Measured): Row {
  const { result } = measured;
  return {
    database,
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    failed: result.non2xx + result.errors + result.timeouts,
    cpu: measured.cpuPerRequest,
    mainThreadCpu: measured.mainThreadCpuPerRequest,
    loadGeneratorCpu: measured.loadGeneratorCpuPerRequest,
  };
}
