import { describe, expect, it } from "vitest";
import type { Channel } from "../../contracts/admin-api.ts";
import { classifyChannel } from "./channels.ts";

/** A labelled visit: what it says, its tags ("source/medium/campaign", "" parts unset), its referrer host. */
type Labelled = [label: string, tags: string, referrer: string | null, channel: Channel];

/** Visits taken from GA4's default channel group definitions, with their expected channel. */
const visits: Labelled[] = [
  ["no referrer, no tags", "", null, "direct"],
  ["no referrer with newsletter tags", "newsletter/email/", null, "email"],
  ["no referrer with utm_source only", "newsletter//", null, "unassigned"],
  ["utm_medium=email with a search referrer", "newsletter/email/", "www.google.com", "email"],
  ["a www.google.com redirect carrying utm_medium=email", "/email/", "www.google.com", "email"],
  ["utm_medium=e-mail", "mailing/e-mail/", null, "email"],
  ["utm_source=email without a medium", "email//", null, "email"],
  ["cpc from Google", "google/cpc/", "www.google.com", "paid_search"],
  ["cpc from Bing", "bing/cpc/", "www.bing.com", "paid_search"],
  ["cpc from Facebook", "facebook/cpc/", "l.facebook.com", "paid_social"],
  ["ppc from Google", "google/ppc/", null, "paid_search"],
  ["paid_social from Facebook", "fb/paid_social/", null, "paid_social"],
  ["paid_social from LinkedIn", "linkedin/paid_social/", "lnkd.in", "paid_social"],
  ["paid_social from an unknown source", "partner/paid_social/", null, "paid_other"],
  ["retargeting from an ad network", "criteo/retargeting/", null, "paid_other"],
  ["cpc from YouTube", "youtube/cpc/", null, "paid_video"],
  ["cpc from Amazon", "amazon/cpc/", null, "paid_shopping"],
  ["cpc with a shopping campaign", "google/cpc/summer-shopping", null, "paid_shopping"],
  ["a cross-network campaign", "google/cpc/pmax cross-network", null, "cross_network"],
  ["display", "gdn/display/", null, "display"],
  ["banner", "partner/banner/", null, "display"],
  ["cpm is display", "partner/cpm/", null, "display"],
  ["l.facebook.com", "", "l.facebook.com", "organic_social"],
  ["m.facebook.com", "", "m.facebook.com", "organic_social"],
  ["t.co", "", "t.co", "organic_social"],
  ["lnkd.in", "", "lnkd.in", "organic_social"],
  ["www.linkedin.com", "", "www.linkedin.com", "organic_social"],
  ["old.reddit.com", "", "old.reddit.com", "organic_social"],
  ["utm_medium=social from anywhere", "partner/social/", null, "organic_social"],
  ["utm_medium=sm", "club/sm/", null, "organic_social"],
  ["youtube.com", "", "www.youtube.com", "organic_video"],
  ["vimeo.com", "", "vimeo.com", "organic_video"],
  ["utm_medium containing video", "partner/webinar-video/", null, "organic_video"],
  ["www.google.com", "", "www.google.com", "organic_search"],
  ["google.co.uk", "", "google.co.uk", "organic_search"],
  ["www.bing.com", "", "www.bing.com", "organic_search"],
  ["duckduckgo.com", "", "duckduckgo.com", "organic_search"],
  ["utm_medium=organic", "newsletter-archive/organic/", null, "organic_search"],
  ["ebay.com", "", "www.ebay.com", "organic_shopping"],
  ["mail.google.com", "", "mail.google.com", "email"],
  ["outlook.live.com", "", "outlook.live.com", "email"],
  ["a webmail host", "", "webmail.example.net", "email"],
  ["utm_medium=affiliate", "partner/affiliate/", null, "affiliates"],
  ["utm_medium=referral", "partner/referral/", null, "referral"],
  ["utm_medium=link", "partner/link/", null, "referral"],
  ["an unknown site", "", "blog.example.com", "referral"],
  ["a host only named like Google", "", "notgoogle.com", "referral"],
  ["a host ending in a social host's name", "", "x.com.evil.example", "referral"],
  ["utm_medium=audio", "podcast/audio/", null, "audio"],
  ["utm_medium=sms", "twilio/sms/", null, "sms"],
  ["utm_source=sms", "sms//", null, "sms"],
  ["utm_medium=push", "app/push/", null, "mobile_push"],
  ["utm_medium=mobile-notification", "app/mobile-notification/", null, "mobile_push"],
  ["utm_source=firebase", "firebase//", null, "mobile_push"],
  ["chatgpt.com", "", "chatgpt.com", "ai"],
  ["ChatGPT's own tag", "chatgpt.com//", null, "ai"],
  ["gemini.google.com is not Google search", "", "gemini.google.com", "ai"],
  ["www.perplexity.ai", "", "www.perplexity.ai", "ai"],
  ["a campaign tag alone", "//spring", "www.google.com", "unassigned"],
  ["an unknown medium", "partner/qr-code/", null, "unassigned"],
  ["tags in capitals", "Google/CPC/", null, "paid_search"],
];

describe("classifyChannel", () => {
  it("has at least 40 labelled visits", () => {
    expect(visits.length).toBeGreaterThanOrEqual(40);
  });

  it.each(visits)("%s (%s, %s) is %s", (_label, tags, referrer, channel) => {
    const [source = "", medium = "", campaign = ""] = tags.split("/");
    expect(
      classifyChannel({
        referrer_host: referrer,
        utm_source: source || null,
        utm_medium: medium || null,
        utm_campaign: campaign || null,
      }),
    ).toBe(channel);
  });
});
