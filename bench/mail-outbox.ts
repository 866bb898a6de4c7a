// `npm run bench:mail`: the mail outbox under an SMTP outage, against the real server (its own process, durable
// commits, RATE_LIMIT=off, production worker timing) and a real SMTP server in this process.
//
// 1. Outage: N contact messages are submitted while the SMTP server is down (connections refused); once each has
//    had its failed attempt the SMTP server comes back. Measures the time until every message is delivered, and
//    checks that each was delivered exactly once (distinct Message-IDs) and is marked sent.
// 2. Silent SMTP: the contact function under load (C connections, D seconds) while the SMTP server accepts
//    connections and never answers, beside the same load with mail off and with a working SMTP server.
//    The three take turns for a number of rounds; reports the medians of requests per second, p50 and p99.
// Prints the figures and writes them to the "Mail outbox" section of docs/performance.md.
//
//   npm run bench:mail -- [--messages 500] [--duration 10] [--connections 20] [--rounds 3] [--postgres <admin URL>]
//                         [--no-write]
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { machine, writePerformanceSection } from "./helpers.ts";
import {
  type DatabaseName,
  type LatencyRow,
  latencyUnder,
  type OutageResult,
  outage,
  type Settings,
} from "./mail-outbox-runs.ts";

const { values: args } = parseArgs({
  options: {
    messages: { type: "string", default: "500" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "3" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL },
    "no-write": { type: "boolean", default: false },
  },
});
const messageCount = Number(args.messages);
const durationSeconds = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const settings: Settings = {
  messageCount,
  durationSeconds,
  connections,
  ...(args.postgres ? { postgres: args.postgres } : {}),
};

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

const targets: DatabaseName[] = args.postgres ? ["SQLite", "PostgreSQL"] : ["SQLite"];
const loadBefore = loadavg()[0]!;
const outages: OutageResult[] = [];
const latencies: LatencyRow[] = [];
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

for (const target of targets) {
  console.log(`${target}: ${messageCount} messages while SMTP is down, then SMTP back…`);
  const result = await outage(target, settings);
  console.log(result);
  outages.push(result);
  // The three set-ups take turns, round after round, so that a slow moment of the machine does not fall on
  // one of them only; each figure is the median over the rounds.
  const kinds = ["mail off", "SMTP answering", "SMTP silent"] as const;
  const runs = new Map<string, LatencyRow[]>(kinds.map((kind) => [kind, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const kind of kinds) {
      console.log(
        `${target}: contact function, ${connections} connections, ${durationSeconds} s, ${kind}, round ${round}/${rounds}…`,
      );
      const row = await latencyUnder(target, kind, settings);
      console.log(row);
      runs.get(kind)!.push(row);
    }
  }
  for (const kind of kinds) {
    const rows = runs.get(kind)!;
    latencies.push({
      database: target,
      smtp: kind,
      requests: median(rows.map((row) => row.requests)),
      rps: median(rows.map((row) => row.rps)),
      p50: median(rows.map((row) => row.p50)),
      p99: median(rows.map((row) => row.p99)),
      max: Math.max(...rows.map((row) => row.max)),
      failed: rows.reduce((sum, row) => sum + row.failed, 0),
    });
  }
}

const date = new Date().toISOString().slice(0, 10);
const loadAfter = loadavg()[0]!;
const command = `npm run bench:mail -- --messages ${messageCount} --duration ${durationSeconds} --connections ${connections} --rounds ${rounds}${args.postgres ? " --postgres <admin URL>" : ""}`;

const outageTable = [
  "| database | messages | submit p99 ms (SMTP down) | first delivery s | all delivered s | drain msg/s | duplicates | attempts per message |",
  "|---|---|---|---|---|---|---|---|",
  ...outages.map(
    (row) =>
      `| ${row.database} | ${row.submitted} | ${fixed(row.submitP99)} | ${fixed(row.firstDeliveryS, 2)} | ${fixed(row.allDeliveredS, 2)} | ${fixed(row.drainPerS, 0)} | ${row.duplicates} | ${fixed(row.attemptsPerMessage, 2)} |`,
  ),
];
const latencyTable = [
  "| database | SMTP | requests/s | p50 ms | p99 ms | max ms | non-200 | p99 / mail off |",
  "|---|---|---|---|---|---|---|---|",
  ...latencies.map((row) => {
    const baseline = latencies.find(
      (other) => other.database === row.database && other.smtp === "mail off",
    );
    return `| ${row.database} | ${row.smtp} | ${fixed(row.rps, 0)} | ${fixed(row.p50)} | ${fixed(row.p99)} | ${fixed(row.max)} | ${row.failed} | ${baseline ? fixed(row.p99 / baseline.p99, 2) : "–"} |`;
  }),
];
const section = [
  `Measured ${date} on ${machine()} (1-minute load average ${fixed(loadBefore, 2)} before, ${fixed(loadAfter, 2)} after) with \`${command}\`. The real server in its own process (durable commits, RATE_LIMIT=off, production worker timing: first retry 5 s, SMTP probe every 15 s while unreachable, pool of 2 SMTP connections), a real SMTP server (smtp-server) in the benchmark process.`,
  "",
  `**Outage.** ${messageCount} contact messages submitted (${connections} at a time) while the SMTP server is down (connection refused); once every message has had its refused attempt, the SMTP server comes back. Times are from the moment it listens again: the first delivery waits for the worker's next SMTP probe or retry (at most 15 s), then the backlog drains. Every message was delivered once (distinct Message-IDs) and is marked sent.`,
  "",
  ...outageTable,
  "",
  `**The form while SMTP does not answer.** The contact function under ${connections} concurrent clients for ${durationSeconds} s (after 1 s of warm-up), every request a new message (each queued for mail), with mail off, with a working SMTP server (in the benchmark process), and with an SMTP server that accepts connections and never answers (sends wait for the 10 s greeting timeout). The three take turns for ${rounds} rounds, each on a fresh database; figures are medians over the rounds (max: the largest of all rounds; non-200: their sum).`,
  "",
  ...latencyTable,
].join("\n");

console.log(`\n${section}\n`);

if (!args["no-write"]) await writePerformanceSection("mail", "Mail outbox", section);
