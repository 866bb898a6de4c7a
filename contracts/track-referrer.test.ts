import { describe, expect, it } from "vitest";
import { firstErrorText } from "./function-result.ts";
import { trackReferrerErrors, trackReferrerSchema } from "./track-referrer.ts";

const valid = {
  session_id: "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d",
  referrer: "https://www.google.com/",
  page_url: "https://www.boothpilot.example/pricing?utm_source=x",
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
};

function errorOf(payload: unknown): string | null {
  const result = trackReferrerSchema.safeParse(payload);
  return result.success ? null : firstErrorText(result.error);
}

describe("trackReferrerSchema", () => {
  it("accepts the documented payload, the word direct and an empty user agent", () => {
    expect(trackReferrerSchema.parse(valid)).toEqual(valid);
    expect(errorOf({ ...valid, referrer: "direct", user_agent: "" })).toBeNull();
  });

  it("lower-cases the session id", () => {
    const parsed = trackReferrerSchema.parse({
      ...valid,
      session_id: valid.session_id.toUpperCase(),
    });
    expect(parsed.session_id).toBe(valid.session_id);
  });

  it.each([
    [{ ...valid, session_id: undefined }, "session_id is required"],
    [{ ...valid, session_id: "" }, "session_id is required"],
    [{ ...valid, session_id: "not-a-uuid" }, "session_id must be a UUID"],
    [{ ...valid, session_id: 7 }, "session_id must be a string"],
    [{ ...valid, referrer: "" }, "referrer is required"],
    [{ ...valid, referrer: "Direct" }, trackReferrerErrors.referrer],
    [{ ...valid, referrer: "javascript:alert(1)" }, trackReferrerErrors.referrer],
    [{ ...valid, referrer: "data:text/html,hi" }, trackReferrerErrors.referrer],
    [
      { ...valid, referrer: `https://a.example/${"a".repeat(2000)}` },
      "referrer must be at most 2000 characters",
    ],
    [{ ...valid, page_url: "/pricing" }, "page_url must be an absolute http:// or https:// URL"],
    [
      { ...valid, page_url: "javascript:alert(1)" },
      "page_url must be an absolute http:// or https:// URL",
    ],
    [
      { ...valid, page_url: `https://a.example/${"a".repeat(2000)}` },
      "page_url must be at most 2000 characters",
    ],
    [{ ...valid, user_agent: undefined }, "user_agent is required"],
    [{ ...valid, user_agent: "a".repeat(513) }, "user_agent must be at most 512 characters"],
    [
      { ...valid, user_agent: "Mozilla\r\nX-Injected: 1" },
      expect.stringMatching(/^user_agent must be a single line/),
    ],
    [{ ...valid, extra: true }, "Unknown field: extra"],
    [[], "Request body must be a JSON object"],
  ])("refuses %j with %s", (payload, error) => {
    expect(errorOf(payload)).toEqual(error);
  });
});
