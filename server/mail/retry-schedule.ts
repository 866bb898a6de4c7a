// When a failed delivery is tried again (ADR 5): exponential back-off from a few seconds up to 30 minutes
// between attempts, with some jitter so that a backlog does not retry in lockstep, and giving up only once
// four days have passed since the message was written.

export interface RetrySchedule {
  /** Delay before the first retry (the second attempt), before jitter. */
  firstRetryMs: number;
  /** Longest delay between two attempts. */
  maxDelayMs: number;
  /** A message still undelivered this long after it was written is marked failed at its next failure. */
  giveUpAfterMs: number;
  /** Share of a delay that is random: the delay is scaled by a factor in [1 - jitter, 1]. */
  jitter: number;
}

export const defaultRetrySchedule: RetrySchedule = {
  firstRetryMs: 5_000,
  maxDelayMs: 30 * 60_000,
  giveUpAfterMs: 4 * 24 * 60 * 60_000,
  jitter: 0.25,
};

/**
 * Milliseconds to wait after the failure of attempt number `attempts` (1 = the first attempt):
 * firstRetryMs, then doubling, at most maxDelayMs; `random` in [0, 1) picks the jitter.
 */
export function retryDelay(
  schedule: RetrySchedule,
  attempts: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 40));
  const base = Math.min(schedule.maxDelayMs, schedule.firstRetryMs * 2 ** exponent);
  return Math.round(base * (1 - schedule.jitter * random()));
}

/** What to do after a failed attempt at `at`: try again at a time, or give up. */
export function afterFailure(
  schedule: RetrySchedule,
  failure: { attempts: number; enqueuedAt: number; at: number },
  random: () => number = Math.random,
): { retryAt: number } | { giveUp: true } {
  if (failure.at - failure.enqueuedAt >= schedule.giveUpAfterMs) return { giveUp: true };
  return { retryAt: failure.at + retryDelay(schedule, failure.attempts, random) };
}
