import { describe, expect, it } from "vitest";
import { business } from "../config/business";
import { siteConfig } from "../config/site";
import {
  appPageOf,
  type HandOffEnvironment,
  handOffAttribution,
  handOffLinks,
  withHandOff,
} from "./hand-off";
import { sessionIdKey } from "./referrer-tracking";

const { signUp, login } = siteConfig.appLinks;
const sessionId = "7b0e4f9c-1d2a-4c3b-8e5f-6a7b8c9d0e1f";

/** One browser tab: its session storage shared by every page the visitor opens in it. */
function tab() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  const page = (path: string, privacyControl = false): HandOffEnvironment => ({
    storage,
    href: `${siteConfig.url}${path}`,
    randomUUID: () => sessionId,
    privacyControl,
  });
  return { items, page };
}

const attributionOn = (env: HandOffEnvironment) => handOffAttribution(env)?.toString();

describe("handOffAttribution", () => {
  it("takes the non-blank utm_* values of the session's first page, and the tracked session id", () => {
    const { items, page } = tab();
    expect(
      attributionOn(
        page(
          "/pricing?gclid=x&utm_medium=email&utm_source=newsletter&utm_term=&utm_content=%20&utm_campaign=spring%20sale",
        ),
      ),
    ).toBe(
      "utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale&bp_session=7b0e4f9c-1d2a-4c3b-8e5f-6a7b8c9d0e1f",
    );
    expect(items.get(sessionIdKey)).toBe(sessionId);
  });

  it("keeps the first page's campaign on later pages, even one whose URL names another", () => {
    const { page } = tab();
    const first = attributionOn(page("/?utm_source=newsletter&utm_campaign=spring"));
    expect(attributionOn(page("/features"))).toBe(first);
    expect(attributionOn(page("/about?utm_source=ads&utm_campaign=summer"))).toBe(first);
  });

  it("keeps a first page without a campaign: a later page's utm_* are not taken", () => {
    const { items, page } = tab();
    expect(attributionOn(page("/"))).toBe(`bp_session=${sessionId}`);
    expect(items.get(business.firstTouchKey)).toBe("");
    expect(attributionOn(page("/pricing?utm_source=ads"))).toBe(`bp_session=${sessionId}`);
  });

  it("under Global Privacy Control gives nothing and stores nothing", () => {
    const { items, page } = tab();
    expect(handOffAttribution(page("/?utm_source=newsletter", true))).toBeNull();
    expect(items.size).toBe(0);
  });
});

describe("withHandOff", () => {
  const attribution = new URLSearchParams({
    utm_source: "newsletter",
    utm_campaign: "spring sale",
    bp_session: sessionId,
  });
  const added = `utm_source=newsletter&utm_campaign=spring+sale&bp_session=${sessionId}`;

  it("adds the utm values and bp_session to a link to the organizer app", () => {
    expect(withHandOff(signUp, attribution)).toBe(`${signUp}?${added}`);
    expect(withHandOff(`${siteConfig.appUrl}/`, attribution)).toBe(
      `${siteConfig.appUrl}/?${added}`,
    );
  });

  it("keeps the query and fragment the link already had, replacing a parameter of the same name", () => {
    expect(withHandOff(`${signUp}?plan=free&utm_source=site#form`, attribution)).toBe(
      `${signUp}?plan=free&utm_source=newsletter&utm_campaign=spring+sale&bp_session=${sessionId}#form`,
    );
  });

  it("leaves every other link as it is", () => {
    for (const href of [
      "/pricing",
      `${siteConfig.url}/pricing`,
      "https://app.boothpilot.example.evil.test/signup",
      "http://app.boothpilot.example/signup",
      siteConfig.videos.demo,
      "mailto:hello@boothpilot.example",
      "#faq",
    ])
      expect(withHandOff(href, attribution)).toBe(href);
  });
});

describe("handOffLinks", () => {
  it("rewrites only the links to the app; under Global Privacy Control none", () => {
    const page = tab().page;
    const links = [{ href: signUp }, { href: "/contact" }, { href: `${login}?next=%2Fevents` }];
    handOffLinks(links, handOffAttribution(page("/?utm_source=newsletter", true)));
    expect(links.map((link) => link.href)).toEqual([signUp, "/contact", `${login}?next=%2Fevents`]);

    handOffLinks(links, handOffAttribution(page("/?utm_source=newsletter")));
    expect(links.map((link) => link.href)).toEqual([
      `${signUp}?utm_source=newsletter&bp_session=${sessionId}`,
      "/contact",
      `${login}?next=%2Fevents&utm_source=newsletter&bp_session=${sessionId}`,
    ]);
  });

  it("names the app page of a rewritten link as of the link before", () => {
    const { page } = tab();
    const link = { href: signUp };
    handOffLinks([link], handOffAttribution(page("/?utm_source=newsletter")));
    expect(link.href).not.toBe(signUp);
    expect(appPageOf(link.href)).toBe(signUp);
    expect(appPageOf("/signup")).toBeNull();
  });
});
