// The session's refresh schedule with fake timers: a look every 30 seconds, a refresh once the expiry is within 3
// looks and the reader did something since, never past the absolute limit, and the sign-in when it lapses.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type KnownSession, SessionKeeper } from "./session-keeper";

const second = 1_000;
const minute = 60 * second;

describe("the console's session keeper", () => {
  let refreshes: number[];
  let endedAt: number | null;
  let start: number;

  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    refreshes = [];
    endedAt = null;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const keeper = (session: KnownSession, answer?: () => KnownSession | null) => {
    const kept = new SessionKeeper(session, {
      refresh: async () => {
        refreshes.push(Date.now() - start);
        return answer ? answer() : null;
      },
      ended: () => {
        endedAt = Date.now() - start;
      },
    });
    kept.start();
    return kept;
  };

  it("refreshes on the first look within 3 looks (90 s) of the expiry, when the reader was active", async () => {
    // Expires 5 minutes from now; looks at 30, 60, ... 300 s: 210 s is the first with 90 s or less left.
    const kept = keeper(
      { expiresAt: start + 5 * minute, endsAt: start + 12 * 60 * minute, idleMs: 30 * minute },
      () => ({
        expiresAt: Date.now() + 30 * minute,
        endsAt: start + 12 * 60 * minute,
        idleMs: 30 * minute,
      }),
    );
    await vi.advanceTimersByTimeAsync(10 * second);
    kept.activity();
    await vi.advanceTimersByTimeAsync(199 * second);
    expect(refreshes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 * second);
    expect(refreshes).toEqual([210 * second]);
    // The new expiry is 30 minutes on: no refresh without new activity, and 30 minutes after the last activity
    // (10 s) the reader is away: signed out on the next look.
    await vi.advanceTimersByTimeAsync(25 * minute);
    expect(refreshes).toEqual([210 * second]);
    expect(endedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * minute);
    expect(endedAt).toBe(30 * minute + 30 * second);
    kept.stop();
  });

  it("lets an unused session lapse: no refresh, and back to sign-in at its expiry", async () => {
    keeper({
      expiresAt: start + 5 * minute,
      endsAt: start + 12 * 60 * minute,
      idleMs: 30 * minute,
    });
    await vi.advanceTimersByTimeAsync(5 * minute - 1);
    expect(refreshes).toEqual([]);
    expect(endedAt).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(endedAt).toBe(5 * minute);
  });

  it("never refreshes past the absolute limit: the session ends at it", async () => {
    const kept = keeper({
      expiresAt: start + 2 * minute,
      endsAt: start + 2 * minute,
      idleMs: 30 * minute,
    });
    await vi.advanceTimersByTimeAsync(30 * second);
    kept.activity();
    await vi.advanceTimersByTimeAsync(90 * second);
    expect(refreshes).toEqual([]);
    expect(endedAt).toBe(2 * minute);
  });

  it("signs the reader out after the idle limit without activity, even when the server's expiry moved on", async () => {
    const kept = keeper({
      expiresAt: start + 30 * minute,
      endsAt: start + 12 * 60 * minute,
      idleMs: 30 * minute,
    });
    // A background load (a live event) told a later expiry; the reader did nothing.
    await vi.advanceTimersByTimeAsync(20 * minute);
    kept.update({
      expiresAt: Date.now() + 30 * minute,
      endsAt: start + 12 * 60 * minute,
      idleMs: 30 * minute,
    });
    await vi.advanceTimersByTimeAsync(10 * minute);
    expect(refreshes).toEqual([]);
    expect(endedAt).toBe(30 * minute);
  });

  it("ends when the refresh is refused (the session ended on the server)", async () => {
    const kept = keeper(
      { expiresAt: start + 60 * second, endsAt: start + 12 * 60 * minute, idleMs: 30 * minute },
      () => null,
    );
    kept.activity();
    await vi.advanceTimersByTimeAsync(1);
    kept.activity();
    await vi.advanceTimersByTimeAsync(30 * second);
    expect(refreshes).toEqual([30 * second]);
    expect(endedAt).toBe(30 * second);
  });
});
