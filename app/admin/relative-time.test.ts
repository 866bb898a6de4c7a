// The audit record's dates as a reader sees them.
import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const now = Date.parse("2026-11-27T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("timeAgo", () => {
  it("words an entry's age in the largest whole unit", () => {
    expect(timeAgo(ago(20_000), now)).toBe("just now");
    expect(timeAgo(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(timeAgo(ago(2 * 3_600_000 + 59 * 60_000), now)).toBe("2 hours ago");
    expect(timeAgo(ago(26 * 3_600_000), now)).toBe("yesterday");
    expect(timeAgo(ago(400 * 86_400_000), now)).toBe("last year");
  });
});
