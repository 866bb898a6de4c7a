import { describe, expect, it } from "vitest";
import type { BreakdownRow } from "./admin-api.ts";
import { referrerSite, siteRows } from "./referrer-sites.ts";

describe("referrer sites", () => {
  it("names a known site by any of its hosts", () => {
    const sites: Record<string, string[]> = {
      Facebook: ["l.facebook.com", "m.facebook.com", "www.facebook.com", "facebook.com"],
      X: ["t.co", "x.com", "twitter.com", "mobile.twitter.com"],
      LinkedIn: ["lnkd.in", "www.linkedin.com", "linkedin.com"],
      Google: ["www.google.com", "google.com", "www.google.co.uk", "google.de", "google.com.au"],
      Bing: ["www.bing.com", "cn.bing.com"],
      DuckDuckGo: ["duckduckgo.com", "html.duckduckgo.com"],
      Instagram: ["l.instagram.com", "www.instagram.com"],
    };
    for (const [site, hosts] of Object.entries(sites)) {
      for (const host of hosts) expect(referrerSite(host), host).toBe(site);
    }
  });

  it("names any other host without its www., and no host as none", () => {
    expect(referrerSite("www.example.org")).toBe("example.org");
    expect(referrerSite("blog.example.org")).toBe("blog.example.org");
    // Gmail is not Google's search; a look-alike domain is not the site it imitates.
    expect(referrerSite("mail.google.com")).toBe("mail.google.com");
    expect(referrerSite("notfacebook.com")).toBe("notfacebook.com");
    expect(referrerSite("google.example.com")).toBe("google.example.com");
    expect(referrerSite("")).toBe("");
  });

  it("sums a site's host rows, keeps them, and puts the most visited site first", () => {
    const row = (value: string, visits: number, messages = 0): BreakdownRow => ({
      value,
      visits,
      converted: 0,
      signedUpVisits: 0,
      messages,
      pageviews: visits * 2,
      signups: 1,
      clicks: 1,
      previousVisits: 3,
      previousMessages: 0,
      previousSignups: 1,
    });
    const hosts = [
      row("www.google.com", 9),
      row("", 7),
      row("m.facebook.com", 6, 1),
      row("l.facebook.com", 4, 2),
      row("www.example.org", 1),
    ];
    expect(siteRows(hosts)).toEqual([
      {
        value: "Facebook",
        visits: 10,
        messages: 3,
        pageviews: 20,
        signups: 2,
        clicks: 2,
        converted: 0,
        signedUpVisits: 0,
        previousVisits: 6,
        previousMessages: 0,
        previousSignups: 2,
        hosts: [hosts[2], hosts[3]],
      },
      { ...row("www.google.com", 9), value: "Google", hosts: [hosts[0]] },
      { ...row("", 7), hosts: [hosts[1]] },
      { ...row("www.example.org", 1), value: "example.org", hosts: [hosts[4]] },
    ]);
  });
});
