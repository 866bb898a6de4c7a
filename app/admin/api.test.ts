// The console's page titles: the unread count leads only when there is one to show.
import { describe, expect, it } from "vitest";
import { consoleTitle } from "./api";

describe("consoleTitle", () => {
  const shown = { kind: "ok", data: null } as const;

  it("puts the unread count in front of the page's name", () => {
    expect(consoleTitle(shown, "Inbox", 3)).toBe("(3) Inbox · BoothPilot admin");
  });

  it("shows no count when nothing is unread or the count is unknown", () => {
    expect(consoleTitle(shown, "Inbox", 0)).toBe("Inbox · BoothPilot admin");
    expect(consoleTitle(shown, "Analytics", null)).toBe("Analytics · BoothPilot admin");
    expect(consoleTitle(undefined, "Analytics", undefined)).toBe("Analytics · BoothPilot admin");
  });

  it("names the sign-in, without a count, when nobody is signed in", () => {
    expect(consoleTitle({ kind: "signed-out" }, "Inbox", null)).toBe("Sign in · BoothPilot admin");
  });
});
