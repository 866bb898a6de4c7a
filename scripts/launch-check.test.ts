import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testimonials } from "../app/content/testimonials.ts";
import { environmentWithoutBusinessValues, launchEnv } from "./fixtures/launch-env.ts";
import { launchFindings } from "./launch-check.ts";

const realTestimonials = testimonials.map((item) => ({ ...item, sample: false }));

describe("launch-check", () => {
  it("lists every placeholder of the default configuration, each with where to change it", () => {
    const findings = launchFindings({});
    const text = findings.map((f) => `${f.what} -> ${f.where}`).join("\n");
    for (const expected of [
      /^SITE_URL = https:\/\/www\.boothpilot\.example .*-> SITE_URL/m,
      /^APP_URL = /m,
      /^general mailbox = hello@boothpilot\.example .*-> MAIL_DOMAIN .* or MAIL_GENERAL/m,
      /^careers mailbox = .*MAIL_CAREERS/m,
      /^press mailbox = .*MAIL_PRESS/m,
      /^DEMO_VIDEO_URL = /m,
      /^VENUE_MAP_VIDEO_URL = /m,
      /^SOCIAL_FACEBOOK_URL = /m,
      /^SOCIAL_INSTAGRAM_URL = /m,
      /^SOCIAL_LINKEDIN_URL = /m,
      /^SOCIAL_YOUTUBE_URL = /m,
      /^SOCIAL_X_HANDLE = @boothpilot /m,
      /^SAMPLE_EVENT_PATH = /m,
      /^testimonial of Maria.*-> content\/testimonials\/maria\.yaml/m,
      /^testimonial of Derek/m,
    ]) {
      expect(text).toMatch(expected);
    }
    expect(findings).toHaveLength(15);
  });

  it("passes once every value is set and the testimonials are real", () => {
    expect(launchFindings(launchEnv, { testimonials: realTestimonials })).toEqual([]);
  });

  it("still reports what is left: one example domain, one sample testimonial", () => {
    const findings = launchFindings(
      { ...launchEnv, MAIL_PRESS: "press@example.com" },
      {
        testimonials: [
          ...realTestimonials,
          { quote: "q", name: "Sam", role: "r", sample: true, slug: "sam" },
        ],
      },
    );
    expect(findings.map((f) => f.what)).toEqual([
      "press mailbox = press@example.com (an example domain)",
      "testimonial of Sam, r (marked sample)",
    ]);
  });

  function run(env: Record<string, string>) {
    return spawnSync(process.execPath, [join(import.meta.dirname, "launch-check.ts")], {
      env: { ...environmentWithoutBusinessValues(), ...env },
      encoding: "utf8",
    });
  }

  it("as a command, exits 1 on the default configuration and prints the list", () => {
    const result = run({});
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^launch-check: 15 value\(s\) still at a placeholder:/);
    expect(result.stdout).toContain("change: content/testimonials/derek.yaml");
  });

  it("as a command, exits 2 with the variable's name on an invalid value", () => {
    const result = run({ DEMO_VIDEO_URL: "javascript:alert(1)" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/DEMO_VIDEO_URL: .*http\(s\) URL/);
  });
});
