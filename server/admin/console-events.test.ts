// The hub's timing with fake timers: a heartbeat comment every realtimeHeartbeatMs (SPEC: 25 s) while a stream is
// open, "visitors now" read once a beat for every stream together, a stream whose session ended closed, and the caps
// on streams per session and per person, whose room a closed stream gives back.
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

/** A stream the hub opened for a session of person "p". */
function opened(events: ConsoleEventHub, tokenHash: string, userId = "p"): PassThrough {
  const body = events.open(tokenHash, userId);
  if (!body) throw new Error("the stream was refused");
  return body;
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
    const stream = collect(opened(events, "a"));
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
    const first = collect(opened(events, "a"));
    const second = collect(opened(events, "b"));
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
    const kept = collect(opened(events, "a"));
    const ending = collect(opened(events, "b"));
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

  it("refuses a session's stream past 4 and a person's past 8; a closed one gives its room back", async () => {
    const events = hub();
    const first = [0, 1, 2, 3].map(() => opened(events, "a"));
    expect(events.open("a", "p")).toBeNull();
    // The same person's other sessions, up to 8 in all.
    for (let n = 0; n < 4; n++) opened(events, `other${n}`);
    expect(events.open("b", "p")).toBeNull();
    // Someone else is not held back by them.
    opened(events, "c", "q");
    first[0]?.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(events.openStreams).toBe(8);
    opened(events, "a");
    events.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(events.openStreams).toBe(0);
  });
});
