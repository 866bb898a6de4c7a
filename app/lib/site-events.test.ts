import { describe, expect, it } from "vitest";
import { siteConfig } from "../config/site";
import { withHandOff } from "./hand-off";
import { eventOfLink } from "./site-events";

describe("eventOfLink", () => {
  it("names each counted link by what it leads to", () => {
    expect(eventOfLink(siteConfig.appLinks.signUp)).toBe("sign_up");
    expect(eventOfLink(siteConfig.appLinks.login)).toBe("login");
    expect(eventOfLink(siteConfig.appLinks.sampleEvent)).toBe("sample_event");
    expect(eventOfLink(siteConfig.videos.demo)).toBe("video");
    expect(eventOfLink(siteConfig.videos.venueMapHowTo)).toBe("video");
    for (const profile of siteConfig.social) expect(eventOfLink(profile.href)).toBe("social");
  });

  it("names a link to the app the site script has rewritten as before", () => {
    const attribution = new URLSearchParams({
      utm_source: "newsletter",
      bp_session: "7b0e4f9c-1d2a-4c3b-8e5f-6a7b8c9d0e1f",
    });
    const { signUp, login, sampleEvent } = siteConfig.appLinks;
    expect(eventOfLink(withHandOff(signUp, attribution))).toBe("sign_up");
    expect(eventOfLink(withHandOff(`${login}?next=%2F#top`, attribution))).toBe("login");
    expect(eventOfLink(withHandOff(sampleEvent, attribution))).toBe("sample_event");
    expect(eventOfLink(withHandOff(`${siteConfig.appUrl}/other`, attribution))).toBeNull();
  });

  it("counts no other link", () => {
    expect(eventOfLink("https://www.boothpilot.example/pricing")).toBeNull();
    expect(eventOfLink(`${siteConfig.appUrl}/somewhere-else`)).toBeNull();
    expect(eventOfLink("mailto:hello@boothpilot.example")).toBeNull();
    expect(eventOfLink("https://app.boothpilot.example.evil.test/signup")).toBeNull();
    expect(eventOfLink(`${siteConfig.videos.demo}&t=10`)).toBeNull();
  });
});
