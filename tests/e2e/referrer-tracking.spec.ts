// Once-per-session referrer tracking (docs/product.md, "Referrer call") in a real browser against the real server.
import type { Page, Request } from "@playwright/test";
import { siteConfig } from "../../app/config/site.ts";
import { signIn, unique } from "./admin-account.ts";
import { contactMessagesFrom, referrerVisit, siteEvents } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { followContactLink } from "./site-links.ts";

const trackPath = "/functions/v1/track-referrer";
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function recordTrackingCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === trackPath) calls.push(request);
  });
  return calls;
}

const flag = (page: Page) => page.evaluate(() => sessionStorage.getItem("referrer_tracked"));
const payloadOf = (request: Request) => JSON.parse(request.postData() ?? "{}");

test("a direct visit sends one call with the exact payload, then nothing on reload or navigation", async ({
  page,
}) => {
  const calls = recordTrackingCalls(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === trackPath);
  await page.goto("/pricing?utm_source=newsletter");
  await waitForHydration(page);
  expect((await answered).status()).toBe(200);
  await expect.poll(() => flag(page)).toBe("true");

  expect(calls).toHaveLength(1);
  const payload = payloadOf(calls[0]!);
  expect(Object.keys(payload).sort()).toEqual(["page_url", "referrer", "session_id", "user_agent"]);
  expect(payload.session_id).toMatch(uuid);
  expect(payload.referrer).toBe("direct");
  expect(payload.page_url).toBe(page.url());
  expect(payload.user_agent).toBe(await page.evaluate(() => navigator.userAgent));
  expect(calls[0]!.method()).toBe("POST");
  expect(calls[0]!.headers()["content-type"]).toBe("application/json");

  await page.reload();
  await waitForHydration(page);
  await followContactLink(page);
  await page.goto("/about");
  await waitForHydration(page);
  await page.waitForTimeout(300);
  expect(calls).toHaveLength(1);
  expect(referrerVisit(payload.session_id)).toMatchObject({
    landing_path: "/pricing",
    utm_source: "newsletter",
    // A source tag without a medium is no channel of GA4's default groups.
    source: "unassigned",
  });
});

test("a visit from another site sends that referrer", async ({ page }) => {
  const calls = recordTrackingCalls(page);
  await page.goto("/", { referer: "https://www.google.com/" });
  await waitForHydration(page);
  await expect.poll(() => flag(page)).toBe("true");
  expect(calls).toHaveLength(1);
  const payload = payloadOf(calls[0]!);
  expect(payload.referrer).toBe("https://www.google.com/");
  expect(referrerVisit(payload.session_id)).toMatchObject({
    referrer_host: "www.google.com",
    source: "organic_search",
  });
});

test("the flag is set only after the server confirms", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${trackPath}`, async (route) => {
    await held;
    await route.continue();
  });
  const requested = page.waitForRequest((r) => new URL(r.url()).pathname === trackPath);
  await page.goto("/features");
  await requested;
  expect(await flag(page)).toBeNull();
  release();
  await expect.poll(() => flag(page)).toBe("true");
});

test("a failure is logged, shows nothing, and the next load retries with the same session", async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(/Error tracking referrer|status of 500/);
  const calls = recordTrackingCalls(page);
  await page.route(`**${trackPath}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"success":false,"error":"Failed to track referrer"}',
    }),
  );
  const logged = page.waitForEvent(
    "console",
    (m) => m.type() === "error" && m.text().startsWith("Error tracking referrer"),
  );
  await page.goto("/about");
  await logged;
  expect(await flag(page)).toBeNull();
  await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toHaveCount(0);

  await page.unroute(`**${trackPath}`);
  await page.reload();
  await expect.poll(() => flag(page)).toBe("true");
  expect(calls).toHaveLength(2);
  expect(payloadOf(calls[1]!).session_id).toBe(payloadOf(calls[0]!).session_id);
});

test("a contact message is linked to the visitor's tracked session", async ({ page }) => {
  const calls = recordTrackingCalls(page);
  await page.goto("/contact", { referer: "https://www.instagram.com/" });
  await waitForHydration(page);
  await expect.poll(() => flag(page)).toBe("true");
  const sessionId = payloadOf(calls[0]!).session_id;
  const email = `linked-${Date.now()}@example.com`;
  const form = page.locator("#contact-form");
  await form.getByLabel(/^Name/).fill("Linked Visitor");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("Where did I come from?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
  expect(contactMessagesFrom(email)[0]).toMatchObject({ session_id: sessionId });
  expect(referrerVisit(sessionId)).toMatchObject({
    source: "organic_social",
    landing_path: "/contact",
  });
});

test.describe("a person's visit", () => {
  // Headless Chromium says so in its user agent, and the site counts it as a bot: this visitor is a person.
  test.use({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });

  test("three pages and a click on Sign Up Free leave three pageviews and one sign-up click", async ({
    page,
  }) => {
    const campaign = unique("spring");
    // The organizer app is not served here: its sign-up page is answered in the browser.
    await page.route("https://app.boothpilot.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Sign up</title>" }),
    );
    const calls = recordTrackingCalls(page);
    const landing = `/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&utm_content=`;
    for (const path of [landing, "/features?utm_source=ads", "/about"]) {
      await page.goto(path);
      await waitForHydration(page);
      // A visitor who leaves before the server confirms the visit sends it again from the next page (the flag is
      // set on confirmation): wait for it, so the session is tracked once, as a reader of the page would be.
      await expect.poll(() => flag(page)).toBe("true");
    }
    await expect.poll(() => calls.length).toBe(1);
    const sessionId = payloadOf(calls[0]!).session_id;
    const signUp = page.getByRole("banner").getByRole("link", { name: "Sign Up Free" });
    // The address the visitor sees and copies, read before the click: the landing URL's campaign (not the second
    // page's, and without its empty utm_content) and the session id the site's functions store.
    const href = new URL((await signUp.getAttribute("href")) ?? "");
    expect(`${href.origin}${href.pathname}`).toBe(siteConfig.appLinks.signUp);
    expect([...href.searchParams]).toEqual([
      ["utm_source", "newsletter"],
      ["utm_medium", "email"],
      ["utm_campaign", campaign],
      ["bp_session", sessionId],
    ]);
    expect(await page.evaluate(() => sessionStorage.getItem("referrer_session_id"))).toBe(
      sessionId,
    );
    await signUp.click();
    await expect(page).toHaveURL(href.href);
    await expect
      .poll(() => siteEvents(sessionId))
      .toEqual([
        { name: "pageview", path: landing },
        { name: "pageview", path: "/features?utm_source=ads" },
        { name: "pageview", path: "/about" },
        { name: "sign_up", path: "/about" },
      ]);

    // The console counts them under the visit's campaign.
    await signIn(page, `/admin/analytics?range=today&campaign=${campaign}`);
    const figure = (term: string) =>
      page
        .locator("dt", { hasText: new RegExp(`^${term}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(figure("Pageviews")).toHaveText(/^3\b/);
    await expect(figure("Sign-up clicks")).toHaveText(/^1\b/);
    await expect(figure("Visits")).toHaveText(/^1\b/);
    const campaigns = page.getByRole("table", { name: "Campaigns (utm_campaign)" });
    await expect(campaigns.getByRole("row", { name: new RegExp(campaign) })).toContainText(
      "100.0%",
    );
  });
});

test("under Global Privacy Control the links to the organizer app carry nothing", async ({
  page,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  await page.goto("/pricing?utm_source=newsletter");
  await waitForHydration(page);
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Sign Up Free" }),
  ).toHaveAttribute("href", siteConfig.appLinks.signUp);
  expect(await page.evaluate(() => sessionStorage.getItem("first_touch_utm"))).toBeNull();
});
