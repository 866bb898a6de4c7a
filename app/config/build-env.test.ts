import { describe, expect, it } from "vitest";
import { parseBuildEnv } from "./build-env";
import { businessEnvDefaults, mailboxesOf } from "./business-env";

describe("parseBuildEnv", () => {
  it("uses the documented defaults", () => {
    expect(parseBuildEnv({})).toEqual({
      SITE_URL: "https://www.boothpilot.example",
      APP_URL: "https://app.boothpilot.example",
      PUBLIC_BACKEND_KEY: undefined,
      VISIT_RETENTION_DAYS: 400,
      ...businessEnvDefaults,
      MAIL_DOMAIN: undefined,
      MAIL_GENERAL: undefined,
      MAIL_CAREERS: undefined,
      MAIL_PRESS: undefined,
      mailboxes: {
        general: "hello@boothpilot.example",
        careers: "careers@boothpilot.example",
        press: "press@boothpilot.example",
      },
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

describe("the values the business must own", () => {
  it("take the mailboxes' domain from SITE_URL without www., or from MAIL_DOMAIN, each overridable", () => {
    expect(mailboxesOf(parseBuildEnv({}))).toEqual({
      general: "hello@boothpilot.example",
      careers: "careers@boothpilot.example",
      press: "press@boothpilot.example",
    });
    expect(mailboxesOf(parseBuildEnv({ SITE_URL: "https://www.fair.events" })).press).toBe(
      "press@fair.events",
    );
    expect(
      mailboxesOf(
        parseBuildEnv({
          SITE_URL: "https://www.fair.events",
          MAIL_DOMAIN: "Mail.Fair.Events",
          MAIL_CAREERS: "jobs@people.fair",
        }),
      ),
    ).toEqual({
      general: "hello@mail.fair.events",
      careers: "jobs@people.fair",
      press: "press@mail.fair.events",
    });
    expect(() => parseBuildEnv({ MAIL_DOMAIN: "not a domain" })).toThrow(/MAIL_DOMAIN/);
    expect(() => parseBuildEnv({ MAIL_PRESS: "press" })).toThrow(/MAIL_PRESS/);
  });

  it("accept only http(s) video and social URLs", () => {
    const env = parseBuildEnv({
      DEMO_VIDEO_URL: "https://vimeo.com/1",
      SOCIAL_YOUTUBE_URL: "http://y.tube/x",
    });
    expect(env.DEMO_VIDEO_URL).toBe("https://vimeo.com/1");
    expect(env.SOCIAL_YOUTUBE_URL).toBe("http://y.tube/x");
    for (const bad of ["javascript:alert(1)", "//vimeo.com/1", "vimeo.com/1", "ftp://x.org/v"]) {
      expect(() => parseBuildEnv({ VENUE_MAP_VIDEO_URL: bad }), bad).toThrow(
        /VENUE_MAP_VIDEO_URL: .*http\(s\) URL/,
      );
    }
    expect(() => parseBuildEnv({ SAMPLE_EVENT_PATH: "events/x" })).toThrow(/SAMPLE_EVENT_PATH/);
  });
});
