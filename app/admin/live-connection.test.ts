// The live stream's reconnect schedule with fake timers: after a drop the console tries again after 1, 2, 5, then
// every 10 seconds (SPEC's back-off), says so ("Reconnecting in N s"), and starts over once the stream is open.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type EventSourceLike, LiveConnection, type LiveState } from "./live-connection";

/** A browser EventSource as far as the connection uses it: the test opens and drops it. */
class ScriptedSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, listener);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.(new Event("open"));
  }
  drop(): void {
    this.onerror?.(new Event("error"));
  }
  send(type: string, data: string): void {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

describe("the console's live connection", () => {
  let sources: ScriptedSource[];
  let states: LiveState[];
  let events: [string, unknown][];
  let opened: number;
  let connection: LiveConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    states = [];
    events = [];
    opened = 0;
    connection = new LiveConnection({
      url: "/admin/api/events",
      onState: (state) => states.push(state),
      onEvent: (name, data) => events.push([name, data]),
      onOpen: () => opened++,
      createEventSource: () => {
        const source = new ScriptedSource();
        sources.push(source);
        return source;
      },
    });
  });
  afterEach(() => {
    connection.stop();
    vi.useRealTimers();
  });

  /** The times (ms after the drop) at which new tries were made, up to `untilMs`. */
  async function triesAfterDrop(untilMs: number): Promise<number[]> {
    const at: number[] = [];
    const start = Date.now();
    let seen = sources.length;
    for (let elapsed = 0; elapsed < untilMs; elapsed += 100) {
      await vi.advanceTimersByTimeAsync(100);
      while (sources.length > seen) {
        at.push(Date.now() - start);
        seen++;
        // Each try fails at once (the server is still down).
        sources.at(-1)?.drop();
      }
    }
    return at;
  }

  it("says it is live once the stream opens, and passes the events on", () => {
    connection.start();
    expect(states).toEqual([{ kind: "connecting" }]);
    expect(opened).toBe(0);
    sources[0]?.open();
    expect(states.at(-1)).toEqual({ kind: "live" });
    // The page loaded its data before the stream opened: it loads it again, as changes meanwhile were not sent.
    expect(opened).toBe(1);
    sources[0]?.send("message", '{"id":"m1","change":"created"}');
    sources[0]?.send("visitors", '{"visitorsNow":7}');
    expect(events).toEqual([
      ["message", { id: "m1", change: "created" }],
      ["visitors", { visitorsNow: 7 }],
    ]);
  });

  it("tries again after 1, 2, 5, then every 10 seconds while the server is down", async () => {
    connection.start();
    sources[0]?.open();
    sources[0]?.drop();
    expect(sources[0]?.closed).toBe(true);
    expect(states.at(-1)).toEqual({ kind: "reconnecting", inSeconds: 1 });
    // Drops at 0; tries at 1 s, then 1+2, 3+5, 8+10, 18+10, 28+10.
    expect(await triesAfterDrop(40_000)).toEqual([1_000, 3_000, 8_000, 18_000, 28_000, 38_000]);
    const announced = states
      .filter((state) => state.kind === "reconnecting")
      .map((state) => state.inSeconds);
    expect(announced).toEqual([1, 2, 5, 10, 10, 10, 10]);
  });

  it("starts the schedule over once a try gets the stream open again", async () => {
    connection.start();
    sources[0]?.open();
    sources[0]?.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    sources[1]?.drop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sources).toHaveLength(3);
    expect(opened).toBe(1);
    sources[2]?.open();
    expect(states.at(-1)).toEqual({ kind: "live" });
    // Open again after a drop: the page loads its data again (events of the gap were missed).
    expect(opened).toBe(2);
    sources[2]?.drop();
    expect(states.at(-1)).toEqual({ kind: "reconnecting", inSeconds: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(4);
  });

  it("opens at once on restart (a refreshed session) and never after stop", async () => {
    connection.start();
    sources[0]?.open();
    connection.restart();
    expect(sources[0]?.closed).toBe(true);
    expect(sources).toHaveLength(2);
    // Changes between the two streams were not sent: the page loads its data again once the new one is open.
    sources[1]?.open();
    expect(opened).toBe(2);
    connection.stop();
    sources[1]?.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(2);
  });
});
