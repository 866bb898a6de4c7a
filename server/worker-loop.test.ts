// The workers' loop: the prologue before the first look, a wake-up that ends a long sleep, a failed look tried
// again, and a stop that waits for the look in progress and cuts it short after the grace period.
import { describe, expect, it, vi } from "vitest";
import { WorkerLoop, type WorkerLoopOptions } from "./worker-loop.ts";

const hour = 60 * 60 * 1000;

function loop(overrides: Partial<WorkerLoopOptions>) {
  const looks: string[] = [];
  const worker = new WorkerLoop({
    tick: async () => {
      looks.push("look");
      return hour;
    },
    failed: (error) => looks.push(`failed: ${(error as Error).message}`),
    retryMs: hour,
    stopGraceMs: hour,
    cutShort: () => looks.push("cut short"),
    ...overrides,
  });
  return { worker, looks };
}

describe("the worker loop", () => {
  it("runs the prologue, looks, and looks again at once when woken from an hour's sleep", async () => {
    const { worker, looks } = loop({ prologue: async () => void looks.push("prologue") });
    void worker.start();
    await vi.waitFor(() => expect(looks).toEqual(["prologue", "look"]));
    worker.wake();
    await vi.waitFor(() => expect(looks).toEqual(["prologue", "look", "look"]));
    expect(worker.running).toBe(true);
    await worker.stop();
    expect(worker.running).toBe(false);
    expect(looks).toEqual(["prologue", "look", "look"]);
  });

  it("tries a failed look again after the pause", async () => {
    let calls = 0;
    const { worker, looks } = loop({
      tick: async () => {
        calls++;
        if (calls === 1) throw new Error("database away");
        looks.push("look");
        return hour;
      },
      retryMs: 10,
    });
    void worker.start();
    await vi.waitFor(() => expect(looks).toEqual(["failed: database away", "look"]));
    await worker.stop();
  });

  it("keeps a wake-up that comes during a look: the next look follows at once", async () => {
    let release = () => {};
    const { worker, looks } = loop({
      tick: async () => {
        looks.push("look");
        if (looks.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return hour;
      },
    });
    void worker.start();
    await vi.waitFor(() => expect(looks).toEqual(["look"]));
    worker.wake();
    release();
    await vi.waitFor(() => expect(looks).toEqual(["look", "look"]));
    await worker.stop();
  });

  it("stops: ends the sleep, waits for the look in progress, and cuts it short after the grace", async () => {
    let finishLook = () => {};
    const { worker, looks } = loop({
      tick: () =>
        new Promise<number>((resolve) => {
          looks.push("look");
          finishLook = () => resolve(0);
        }),
      stopGraceMs: 20,
      cutShort: () => {
        looks.push("cut short");
        finishLook();
      },
    });
    const ended = worker.start();
    await vi.waitFor(() => expect(looks).toEqual(["look"]));
    await worker.stop();
    await ended;
    expect(looks).toEqual(["look", "cut short"]);
    expect(worker.stopSignal.aborted).toBe(true);
    // A loop runs once: started again, it stays stopped.
    await worker.start();
    expect(looks).toEqual(["look", "cut short"]);
  });
});
