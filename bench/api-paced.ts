// The API benchmark at a steady rate (`--rates`): a request is due every 1/rate seconds whether or not the ones
// before it were answered, as a site's visitors send them, over at most --connections keep-alive connections. Each
// latency counts from when its request was due, so a stalled server (or a late timer here) shows in the figures;
// a closed loop of connections would instead send less while the server stalls. autocannon's own fixed rate sends
// each second's share in a burst (docs/performance.md, API), hence this loop on node:http.
import { Agent, request } from "node:http";
import { requestBody, type Sessions, type Target } from "./api-load.ts";
import { percentile } from "./helpers.ts";

export interface PacedRun {
  /** Requests per second asked for. */
  offered: number;
  /** Answers per second, from the first request due to the last answer. */
  answered: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** Sends `rate` requests a second for `seconds` to `path` and waits for every answer. */
export async function paced(
  port: number,
  path: string,
  target: Target,
  options: { rate: number; seconds: number; connections: number; sessions?: Sessions | undefined },
): Promise<PacedRun> {
  const { rate, seconds, connections, sessions } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let settled = 0;
    const settle = (due: number, success: boolean) => {
      latencies.push(performance.now() - due);
      if (success) ok++;
      else failed++;
      if (++settled === total) resolve();
    };
    const send = (due: number) => {
      const body = requestBody(target, sessions);
      const call = request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          response.on("end", () => settle(due, status >= 200 && status < 300));
        },
      );
      call.on("error", () => settle(due, false));
      call.end(body);
    };
    // Timers fire a millisecond apart at best: each tick sends every request that has fallen due.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(start + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    offered: rate,
    answered: total / elapsed,
    ok,
    failed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
  };
}
