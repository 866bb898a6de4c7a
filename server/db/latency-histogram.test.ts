import { describe, expect, it } from "vitest";
import { LatencyHistogram } from "./latency-histogram.ts";

describe("latency histogram", () => {
  it("reports nothing recorded as 0", () => {
    const histogram = new LatencyHistogram();
    expect(histogram.count).toBe(0);
    expect(histogram.percentileMs(0.99)).toBe(0);
    expect(histogram.maxMs).toBe(0);
  });

  it("gives each percentile within 9.1 % above the true value, and the exact maximum", () => {
    const histogram = new LatencyHistogram();
    // 1 ms to 100 ms in steps of 1 ms: the median is 50 ms, the 99th percentile 99 ms.
    for (let ms = 1; ms <= 100; ms++) histogram.record(ms);
    expect(histogram.count).toBe(100);
    expect(histogram.percentileMs(0.5)).toBeGreaterThanOrEqual(50);
    expect(histogram.percentileMs(0.5)).toBeLessThanOrEqual(50 * 1.091);
    expect(histogram.percentileMs(0.99)).toBeGreaterThanOrEqual(99);
    expect(histogram.percentileMs(0.99)).toBeLessThanOrEqual(100);
    expect(histogram.maxMs).toBe(100);
  });

  it("keeps a rare stall visible in the tail, not in the median", () => {
    const histogram = new LatencyHistogram();
    for (let i = 0; i < 990; i++) histogram.record(0.8);
    for (let i = 0; i < 10; i++) histogram.record(170);
    expect(histogram.percentileMs(0.5)).toBeLessThan(0.9);
    expect(histogram.percentileMs(0.99)).toBeLessThan(0.9);
    expect(histogram.percentileMs(0.999)).toBeGreaterThanOrEqual(170);
    expect(histogram.maxMs).toBe(170);
  });

  it("puts durations below 1 µs and above 16 s in the end buckets", () => {
    const histogram = new LatencyHistogram();
    histogram.record(0);
    histogram.record(60_000);
    expect(histogram.percentileMs(0.5)).toBeLessThanOrEqual(0.001);
    expect(histogram.percentileMs(1)).toBe(60_000);
  });
});
