// The guide centre in a real browser against the built site: the listing and its filter without JavaScript, a
// guide's contents, related guides and call to action (counted by the console as the guide's goal), the feed, a
// draft kept out of everything, pictures served as AVIF or WebP with their size, and axe on the guide pages.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { siteConfig } from "../../app/config/site.ts";
import { signIn, unique } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { siteEvents } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const guidesFolder = join(import.meta.dirname, "..", "..", "content", "guides");

/** Every guide file's slug, title, event types and draft flag, read from its frontmatter. */
async function guideFiles() {
  const files = (await readdir(guidesFolder)).filter((file) => file.endsWith(".mdoc"));
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(guidesFolder, file), "utf8");
      const field = (name: string) => text.match(new RegExp(`^${name}: (.*)$`, "m"))?.[1] ?? "";
      const types = text.match(/^eventTypes:\n((?: {2}- .*\n)+)/m)?.[1] ?? "";
      return {
        slug: file.replace(/\.mdoc$/, ""),
        title: field("title").replace(/^"|"$/g, ""),
        publishedDate: field("publishedDate"),
        eventTypes: [...types.matchAll(/- (.*)/g)].map((m) => m[1] ?? ""),
        draft: field("draft") === "true",
      };
    }),
  );
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/guides lists every published guide newest first and filters by event type through links", async ({
    page,
  }) => {
    const guides = await guideFiles();
    const published = guides.filter((g) => !g.draft);
    expect(published.length).toBeGreaterThanOrEqual(6);
    await page.goto("/guides");
    const titles = page.locator("main li h2");
    await expect(titles).toHaveCount(published.length);
    const shown = await titles.allTextContents();
    expect(new Set(shown)).toEqual(new Set(published.map((g) => g.title)));
    const dates = await page
      .locator("main li time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    expect(dates).toEqual([...dates].sort().reverse());

    // A filter is a link to the event type's own page: it lists exactly the guides serving that type.
    const filters = page.getByRole("navigation", { name: "Show guides for" });
    await filters.getByRole("link", { name: "Card Shows" }).click();
    await expect(page).toHaveURL(/\/guides\/type\/card-shows$/);
    await expect(filters.getByRole("link", { name: "Card Shows" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const forCardShows = published.filter((g) => g.eventTypes.includes("card-shows"));
    expect(forCardShows.length).toBeGreaterThan(0);
    await expect(titles).toHaveCount(forCardShows.length);
    expect(new Set(await titles.allTextContents())).toEqual(
      new Set(forCardShows.map((g) => g.title)),
    );
    // The event type's own page links its guides.
    await page.goto("/event-types/card-shows");
    for (const guide of forCardShows)
      await expect(page.locator(`main a[href="/guides/${guide.slug}"]`).first()).toBeVisible();
  });

  test("a guide shows its reading time, table of contents, related guides and the call to action", async ({
    page,
  }) => {
    await page.goto("/guides/laying-out-a-venue-map");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Laying out a venue map vendors can book from",
    );
    await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
    const contents = page.getByRole("navigation", { name: "On this page" });
    const entries = contents.getByRole("link");
    expect(await entries.count()).toBeGreaterThanOrEqual(5);
    await entries.nth(1).click();
    const anchor = new URL(page.url()).hash;
    await expect(page.locator(`h2${anchor}`)).toBeInViewport();
    const related = page.getByRole("region", { name: "Related guides" });
    await expect(related.getByRole("link")).toHaveCount(3);
    const cta = page.getByRole("region", { name: "Put this guide to work" });
    await expect(cta.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute(
      "href",
      siteConfig.appLinks.signUp,
    );
    await expect(cta.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute(
      "data-goal",
      "guide_sign_up",
    );
    // Its head: canonical, an article's share card and Article JSON-LD with its dates.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${siteConfig.url}/guides/laying-out-a-venue-map`,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const card = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect((await page.request.get(new URL(card ?? "").pathname)).headers()["content-type"]).toBe(
      "image/png",
    );
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .allTextContents()
      .then((all) => all.map((text) => JSON.parse(text)));
    expect(jsonLd.find((data) => data["@type"] === "Article")).toMatchObject({
      headline: "Laying out a venue map vendors can book from",
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  test("pictures come as AVIF or WebP with their width and height; the largest eager, the others lazy", async ({
    page,
  }) => {
    await page.goto("/guides/laying-out-a-venue-map");
    const images = page.locator("main picture img");
    await expect(images).toHaveCount(2);
    await expect(images.nth(0)).toHaveAttribute("loading", "eager");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    for (const image of await images.all()) {
      expect(Number(await image.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(await image.getAttribute("height"))).toBeGreaterThan(0);
      expect(await image.getAttribute("alt")).not.toBe("");
    }
    const avif = await page
      .locator("main picture source[type='image/avif']")
      .first()
      .getAttribute("srcset");
    const [first] = (avif ?? "").split(", ");
    const response = await page.request.get(first?.split(" ")[0] ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/avif");
    expect(response.headers()["cache-control"]).toContain("immutable");
    const fallback = await page.request.get((await images.nth(0).getAttribute("src")) ?? "");
    expect(fallback.headers()["content-type"]).toBe("image/webp");
    // No original ships: the source folder is not served.
    expect(
      (
        await page.request.get("/content/pictures/guides/laying-out-a-venue-map/cover.png")
      ).status(),
    ).toBe(404);
  });
});

test("the feed parses and lists each published guide; a draft is in no page, sitemap or feed", async ({
  page,
}) => {
  const guides = await guideFiles();
  const drafts = guides.filter((g) => g.draft);
  expect(drafts.length, "a draft guide in content/guides/").toBeGreaterThan(0);
  await page.goto("/guides");
  const feedLink = page.locator('link[rel="alternate"][type="application/atom+xml"]');
  const feedHref = await feedLink.getAttribute("href");
  const feedResponse = await page.request.get(feedHref ?? "");
  expect(feedResponse.headers()["content-type"]).toMatch(/xml/);
  const feed = await feedResponse.text();
  // The browser's own XML parser: a feed that does not parse gives a <parsererror> document.
  const { title, subtitle, entries } = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.querySelector("parsererror")) throw new Error("the feed does not parse");
    const own = (tag: string) =>
      [...doc.documentElement.children].find((child) => child.tagName === tag)?.textContent;
    return {
      title: own("title"),
      subtitle: own("subtitle"),
      entries: [...doc.getElementsByTagName("entry")].map((entry) => ({
        title: entry.getElementsByTagName("title")[0]?.textContent ?? "",
        link: entry.getElementsByTagName("link")[0]?.getAttribute("href") ?? "",
      })),
    };
  }, feed);
  // The feed describes itself as /guides does: the link's name, and the sentence under the page's heading.
  expect(title).toBe(await feedLink.getAttribute("title"));
  expect(subtitle).toBe(await page.locator("main h1 + p").textContent());
  expect(new Set(entries.map((e) => e.title))).toEqual(
    new Set(guides.filter((g) => !g.draft).map((g) => g.title)),
  );
  for (const guide of guides.filter((g) => !g.draft))
    expect(entries.map((e) => e.link)).toContain(`${siteConfig.url}/guides/${guide.slug}`);

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${siteConfig.url}/guides/moving-from-spreadsheets</loc>`);
  const listing = await (await page.request.get("/guides")).text();
  for (const draft of drafts) {
    expect((await page.request.get(`/guides/${draft.slug}`)).status()).toBe(404);
    for (const text of [sitemap, feed, listing]) {
      expect(text).not.toContain(`/guides/${draft.slug}`);
      expect(text).not.toContain(draft.title);
    }
  }
  // The built site holds no page of a draft anywhere (an event-type page, a related list, a filter page).
  const built = join(import.meta.dirname, "..", "..", "build", "client");
  const htmlFiles = (await readdir(built, { recursive: true })).filter((f) => f.endsWith(".html"));
  for (const file of htmlFiles) {
    const html = await readFile(join(built, file), "utf8");
    for (const draft of drafts) expect(html, file).not.toContain(draft.title);
  }
});

test.describe("a person reading a guide", () => {
  // Headless Chromium says so in its user agent, and the site counts it as a bot: this visitor is a person.
  test.use({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });

  test("a click on the guide's call to action is counted by the console as the guide's goal", async ({
    page,
  }) => {
    const campaign = unique("guide");
    await page.route("https://app.boothpilot.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Sign up</title>" }),
    );
    const landing = `/guides/event-series?utm_source=newsletter&utm_campaign=${campaign}`;
    await page.goto(landing);
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("referrer_tracked")))
      .toBe("true");
    const sessionId =
      (await page.evaluate(() => sessionStorage.getItem("referrer_session_id"))) ?? "";
    await page
      .getByRole("region", { name: "Put this guide to work" })
      .getByRole("link", { name: "Sign Up Free" })
      .click();
    await expect(page).toHaveTitle("Sign up");
    await expect
      .poll(() => siteEvents(sessionId))
      .toEqual([
        { name: "pageview", path: landing },
        { name: "guide_sign_up", path: landing },
      ]);

    await signIn(page, `/admin/analytics?range=today&campaign=${campaign}`);
    const figure = (term: string) =>
      page
        .locator("dt", { hasText: new RegExp(`^${term}$`) })
        .locator("xpath=following-sibling::dd[1]");
    // A sign-up, and a goal of its own in the goals panel.
    await expect(figure("Sign-up clicks")).toHaveText(/^1\b/);
    await expect(
      page.getByRole("table", { name: "Goals: clicks on each call to action" }),
    ).toContainText("Sign up from a guide");
  });
});

test("the guide pages have no axe violations", async ({ page }) => {
  test.setTimeout(60_000);
  for (const path of ["/guides", "/guides/type/flea-markets", "/guides/laying-out-a-venue-map"]) {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  }
});
