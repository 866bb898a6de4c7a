import { describe, expect, it } from "vitest";
import { siteConfig } from "../config/site";
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

  it("counts no other link", () => {
    expect(eventOfLink("https://www.boothpilot.example/pricing")).toBeNull();
    expect(eventOfLink(`${siteConfig.appUrl}/somewhere-else`)).toBeNull();
    expect(eventOfLink("mailto:hello@boothpilot.example")).toBeNull();
  });
});
