// The hub's timing with fake timers: a heartbeat comment every realtimeHeartbeatMs (SPEC: 25 s) while a stream is
// open, "visitors now" read once a beat for every stream together, and a stream whose session ended closed.
import type { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backendClient } from "../../contracts/backend-client.ts";
import { ConsoleEventHub } from "./console-events.ts";

function collect(body: PassThrough): { text: () => string; ended: () => boolean } {
  let text = "";
  let ended = false;
  body.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  body.on("end", () => {
    ended = true;
  });
  return { text: () => text, ended: () => ended };
}

const beats = (text: string) => text.split(": heartbeat\n\n").length - 1;

describe("the console event hub's heartbeat", () => {
  let visitorQueries = 0;
  let visitors = 3;
  const lasting = new Set(["a", "b"]);
  const hub = () =>
    new ConsoleEventHub({
      heartbeatMs: backendClient.realtimeHeartbeatMs,
      visitorsNow: async () => {
        visitorQueries++;
        return visitors;
      },
      sessionLasts: async (hash) => lasting.has(hash),
      onError: (error) => {
        throw error;
      },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    visitorQueries = 0;
    visitors = 3;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a heartbeat comment every 25 seconds, not before", async () => {
    const events = hub();
    const stream = collect(events.open("a"));
    await vi.advanceTimersByTimeAsync(24_999);
    expect(beats(stream.text())).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats(stream.text())).toBe(1);
    await vi.advanceTimersByTimeAsync(25_000 * 3);
    expect(beats(stream.text())).toBe(4);
    events.close();
  });

  it("reads visitors now once per beat for all streams, and sends it when it changed", async () => {
    const events = hub();
    const first = collect(events.open("a"));
    const second = collect(events.open("b"));
    await vi.advanceTimersByTimeAsync(0);
    // Both streams opened together: one query.
    expect(visitorQueries).toBe(1);
    expect(first.text()).toContain('event: visitors\ndata: {"visitorsNow":3}');
    expect(second.text()).toContain('data: {"visitorsNow":3}');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(visitorQueries).toBe(2);
    // Unchanged: not sent again.
    expect(first.text().split("event: visitors").length - 1).toBe(1);
    visitors = 4;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(visitorQueries).toBe(3);
    expect(second.text()).toContain('data: {"visitorsNow":4}');
    events.close();
    expect(first.ended() || second.ended()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.ended() && second.ended()).toBe(true);
  });

  it("ends a stream on the beat after its session ended, and stops beating when none is open", async () => {
    const events = hub();
    const kept = collect(events.open("a"));
    const ending = collect(events.open("b"));
    lasting.delete("b");
    await vi.advanceTimersByTimeAsync(25_000);
    expect(ending.ended()).toBe(true);
    expect(kept.ended()).toBe(false);
    expect(events.openStreams).toBe(1);
    events.close();
    await vi.advanceTimersByTimeAsync(0);
    const queries = visitorQueries;
    await vi.advanceTimersByTimeAsync(25_000 * 4);
    expect(visitorQueries).toBe(queries);
    lasting.add("b");
  });
});
