// Percentiles of durations in fixed memory: log-scale buckets, 8 to each doubling (at most 9.1 % above the true
// value), from 1 µs to about 16 s; the maximum is kept exactly.

const bucketsPerDoubling = 8;
const bucketCount = 24 * bucketsPerDoubling + 1;

export class LatencyHistogram {
  readonly #counts = new Array<number>(bucketCount).fill(0);
  #total = 0;
  #maxMs = 0;

  record(ms: number): void {
    const micros = Math.max(1, ms * 1000);
    const index = Math.min(bucketCount - 1, Math.ceil(Math.log2(micros) * bucketsPerDoubling));
    this.#counts[index] = (this.#counts[index] ?? 0) + 1;
    this.#total++;
    if (ms > this.#maxMs) this.#maxMs = ms;
  }

  get count(): number {
    return this.#total;
  }

  get maxMs(): number {
    return this.#maxMs;
  }

  /** The duration that `fraction` (0-1) of the recorded ones do not exceed: its bucket's upper bound, 0 if none. */
  percentileMs(fraction: number): number {
    if (this.#total === 0) return 0;
    const rank = Math.max(1, Math.ceil(fraction * this.#total));
    let seen = 0;
    for (const [index, count] of this.#counts.entries()) {
      seen += count;
      if (seen < rank) continue;
      // The last bucket also holds everything longer than its bound.
      if (index === bucketCount - 1) return this.#maxMs;
      return Math.min(this.#maxMs, 2 ** (index / bucketsPerDoubling) / 1000);
    }
    return this.#maxMs;
  }
}
