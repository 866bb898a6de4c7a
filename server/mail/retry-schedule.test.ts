import { describe, expect, it } from "vitest";
import { afterFailure, defaultRetrySchedule, retryDelay } from "./retry-schedule.ts";

const second = 1_000;
const minute = 60 * second;
const day = 24 * 60 * minute;
const noJitter = () => 0;
const fullJitter = () => 0.999_999;

describe("the retry schedule", () => {
  it("retries the first failure within 30 seconds", () => {
    for (const random of [noJitter, fullJitter, Math.random]) {
      const delay = retryDelay(defaultRetrySchedule, 1, random);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(30 * second);
    }
  });

  it("doubles the delay after each failure, up to 30 minutes between attempts", () => {
    const delays = Array.from({ length: 14 }, (_, index) =>
      retryDelay(defaultRetrySchedule, index + 1, noJitter),
    );
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 80].map((s) => s * second));
    for (let index = 1; index < delays.length; index++) {
      expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1]!);
    }
    expect(Math.max(...delays)).toBe(30 * minute);
    expect(retryDelay(defaultRetrySchedule, 10_000, noJitter)).toBe(30 * minute);
  });

  it("spreads delays by at most a quarter, never above the cap", () => {
    expect(retryDelay(defaultRetrySchedule, 1, fullJitter)).toBeGreaterThanOrEqual(3_750);
    expect(retryDelay(defaultRetrySchedule, 20, fullJitter)).toBeGreaterThanOrEqual(22.5 * minute);
    expect(retryDelay(defaultRetrySchedule, 20, fullJitter)).toBeLessThanOrEqual(30 * minute);
  });

  it("gives up only once four days have passed since the message was written", () => {
    const enqueuedAt = Date.parse("2026-03-01T12:00:00Z");
    const justBefore = afterFailure(
      defaultRetrySchedule,
      { attempts: 200, enqueuedAt, at: enqueuedAt + 4 * day - 1 },
      noJitter,
    );
    expect(justBefore).toEqual({ retryAt: enqueuedAt + 4 * day - 1 + 30 * minute });
    expect(
      afterFailure(defaultRetrySchedule, { attempts: 200, enqueuedAt, at: enqueuedAt + 4 * day }),
    ).toEqual({ giveUp: true });
  });

  it("makes about 200 attempts over the four days", () => {
    const enqueuedAt = 0;
    let at = 0;
    let attempts = 1;
    for (;;) {
      const next = afterFailure(defaultRetrySchedule, { attempts, enqueuedAt, at }, noJitter);
      if ("giveUp" in next) break;
      at = next.retryAt;
      attempts++;
    }
    expect(at).toBeGreaterThanOrEqual(4 * day);
    expect(at).toBeLessThan(4 * day + 30 * minute);
    expect(attempts).toBeGreaterThan(190);
    expect(attempts).toBeLessThan(205);
  });
});
