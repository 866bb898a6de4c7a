import { describe, expect, it } from "vitest";
import { readAdminJson } from "./api";
import { formatDays, formatPoint, showInvisible } from "./format";

describe("a range's days", () => {
  it("leaves the year out within this year, and shows it otherwise", () => {
    expect(formatDays("2026-11-03", "2026-11-09", "2026")).toBe("Tue, Nov 3 to Mon, Nov 9");
    expect(formatDays("2026-11-03", "2026-11-03", "2026")).toBe("Tue, Nov 3");
    expect(formatDays("2025-11-25", "2026-11-24", "2026")).toBe(
      "Tue, Nov 25, 2025 to Tue, Nov 24, 2026",
    );
    expect(formatDays("2025-03-01", "2025-03-31", "2026")).toBe(
      "Sat, Mar 1, 2025 to Mon, Mar 31, 2025",
    );
  });

  it("names a point of the series by its hour, day, week or month", () => {
    const start = "2025-11-24T00:00:00.000Z";
    expect(formatPoint("2025-11-24T14:00:00.000Z", "hour", "UTC")).toBe("14:00");
    expect(formatPoint(start, "day", "UTC")).toBe("Mon, Nov 24");
    expect(formatPoint(start, "week", "UTC")).toBe("Week of Nov 24, 2025");
    expect(formatPoint("2025-11-01T00:00:00.000Z", "month", "UTC")).toBe("Nov 2025");
  });

  it("reads a point's day and hour in the report's time zone", () => {
    // New York's midnight of 24 November is 05:00 UTC.
    const start = "2025-11-24T05:00:00.000Z";
    expect(formatPoint(start, "day", "America/New_York")).toBe("Mon, Nov 24");
    expect(formatPoint(start, "hour", "America/New_York")).toBe("00:00");
    expect(formatPoint(start, "week", "America/New_York")).toBe("Week of Nov 24, 2025");
    expect(formatPoint(start, "day", "UTC")).toBe("Mon, Nov 24");
    expect(formatPoint("2025-11-24T03:00:00.000Z", "day", "America/New_York")).toBe("Sun, Nov 23");
  });
});

describe("invisible characters in the console", () => {
  it("shows bidi controls and other format characters as their code point", () => {
    expect(showInvisible("Ada\u202Eecilc\u202C")).toBe("Ada⟨U+202E⟩ecilc⟨U+202C⟩");
    expect(showInvisible("a\u2066b\u2069c\u200Bd\u00ADe\uFEFF")).toBe(
      "a⟨U+2066⟩b⟨U+2069⟩c⟨U+200B⟩d⟨U+00AD⟩e⟨U+FEFF⟩",
    );
  });

  it("keeps ordinary text, accents and emoji built with the zero-width joiner", () => {
    for (const text of ["Zoë Ångström", "👩\u200D💻 booth 12", "東京 مرحبا"]) {
      expect(showInvisible(text)).toBe(text);
    }
  });

  it("applies to every string of an API answer the console reads", () => {
    const answer = JSON.stringify({
      items: [{ name: "Admin\u202E", message: "hi\u2067", count: 2 }],
    });
    expect(readAdminJson(answer)).toEqual({
      items: [{ name: "Admin⟨U+202E⟩", message: "hi⟨U+2067⟩", count: 2 }],
    });
  });
});
