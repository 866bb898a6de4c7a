import { describe, expect, it } from "vitest";
import { trackReferrerSchema } from "../../contracts/track-referrer.ts";
import { deriveReferrerVisit } from "./referrer-visit.ts";

describe("deriveReferrerVisit", () => {
  const base = {
    session_id: "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d",
    referrer: "https://L.Facebook.com/l.php?u=x",
    page_url:
      "https://www.boothpilot.example/event-types/flea-markets?utm_source=fb&utm_medium=social&utm_campaign=spring%20fair&utm_term=booths&utm_content=ad%0A1&fbclid=abc&email=ada%40example.com#top",
    user_agent: "Mozilla/5.0 (Macintosh) Safari/605.1.15",
  };

  it("keeps the referrer, its host and class, the landing path and the UTM parameters only", () => {
    const visit = deriveReferrerVisit(trackReferrerSchema.parse(base), base.user_agent);
    expect(visit).toEqual({
      session_id: base.session_id,
      referrer_url: base.referrer,
      referrer_host: "l.facebook.com",
      // Tagged utm_medium=social: the tags decide, not the referrer.
      source: "organic_social",
      landing_path: "/event-types/flea-markets",
      utm_source: "fb",
      utm_medium: "social",
      utm_campaign: "spring fair",
      utm_term: "booths",
      // A control character hidden in a percent-encoded value is dropped.
      utm_content: "ad1",
      user_agent: base.user_agent,
      is_bot: false,
    });
    expect(JSON.stringify(visit)).not.toMatch(/fbclid|ada@example/);
  });

  it("records a direct visit without referrer", () => {
    const visit = deriveReferrerVisit(
      trackReferrerSchema.parse({ ...base, referrer: "direct", page_url: "https://x.example/" }),
      undefined,
    );
    expect(visit).toMatchObject({
      referrer_url: null,
      referrer_host: null,
      source: "direct",
      landing_path: "/",
      utm_source: null,
    });
  });

  it("flags known bots by the sent user agent or the request's", () => {
    const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const parsed = trackReferrerSchema.parse({ ...base, user_agent: googlebot });
    expect(deriveReferrerVisit(parsed, undefined).is_bot).toBe(true);
    const headless = trackReferrerSchema.parse(base);
    expect(
      deriveReferrerVisit(headless, "Mozilla/5.0 HeadlessChrome/140.0.0.0 Safari/537.36").is_bot,
    ).toBe(true);
  });
});
