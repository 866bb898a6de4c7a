import { describe, expect, it } from "vitest";
import { addDays, isTimeZone, startOfDay, zonedDay, zonedHour } from "./time-zone.ts";

describe("the analytics time zone", () => {
  it("knows IANA names and refuses others", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });

  it("cuts days at the zone's midnight", () => {
    // 03:30 UTC on 2 March is still 1 March in New York (UTC-5 in winter).
    const at = Date.parse("2026-03-02T03:30:00Z");
    expect(zonedDay(at, "UTC")).toBe("2026-03-02");
    expect(zonedDay(at, "America/New_York")).toBe("2026-03-01");
    expect(zonedHour(at, "America/New_York")).toBe("2026-03-01T22");
    expect(zonedHour(at, "Asia/Kolkata")).toBe("2026-03-02T09");
    expect(startOfDay("2026-03-02", "America/New_York")).toBe(Date.parse("2026-03-02T05:00:00Z"));
    expect(startOfDay("2026-03-02", "Europe/Berlin")).toBe(Date.parse("2026-03-01T23:00:00Z"));
    expect(startOfDay("2026-03-02", "UTC")).toBe(Date.parse("2026-03-02T00:00:00Z"));
  });

  it("follows clock changes: a 23-hour and a 25-hour day", () => {
    // Europe/Berlin: clocks go forward on 29 March 2026 and back on 25 October 2026.
    const spring =
      startOfDay("2026-03-30", "Europe/Berlin") - startOfDay("2026-03-29", "Europe/Berlin");
    const autumn =
      startOfDay("2026-10-26", "Europe/Berlin") - startOfDay("2026-10-25", "Europe/Berlin");
    expect(spring / 3_600_000).toBe(23);
    expect(autumn / 3_600_000).toBe(25);
    // New York's spring change is at 02:00, after midnight: the day still starts at 05:00 UTC.
    expect(startOfDay("2026-03-08", "America/New_York")).toBe(Date.parse("2026-03-08T05:00:00Z"));
  });

  it("counts calendar days across months and years", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });
});
