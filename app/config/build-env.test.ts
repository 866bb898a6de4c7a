import { describe, expect, it } from "vitest";
import { parseBuildEnv } from "./build-env";

describe("parseBuildEnv", () => {
  it("uses the documented defaults", () => {
    expect(parseBuildEnv({})).toEqual({
      SITE_URL: "https://www.boothpilot.example",
      APP_URL: "https://app.boothpilot.example",
      PUBLIC_BACKEND_KEY: undefined,
    });
  });

  it("accepts origins with a trailing slash and strips it", () => {
    expect(parseBuildEnv({ SITE_URL: "https://example.org/" }).SITE_URL).toBe(
      "https://example.org",
    );
  });

  it("names each bad variable", () => {
    expect(() => parseBuildEnv({ SITE_URL: "example.org" })).toThrow(
      /SITE_URL: .*absolute http\(s\) origin/,
    );
    expect(() => parseBuildEnv({ APP_URL: "https://app.example.org/login" })).toThrow(/APP_URL/);
    expect(() => parseBuildEnv({ PUBLIC_BACKEND_KEY: "has spaces" })).toThrow(/PUBLIC_BACKEND_KEY/);
  });
});
