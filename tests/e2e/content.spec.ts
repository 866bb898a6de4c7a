// Page content as served: texts, links and business constants in the prerendered HTML, read without JavaScript.
// Expected values are written out here (from docs/product.md) or read from the files in content/
// (content-files.ts), never from app/content, so a regression in the content modules or in how a page
// composes them fails this suite.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { siteRoutes } from "../../app/config/paths.ts";
import { siteConfig } from "../../app/config/site.ts";
import { testimonialEntries } from "../../app/content/store.ts";
import { eventTypeFiles, featureFiles } from "./content-files.ts";
import { expect, served, test } from "./fixtures.ts";

test.use({ javaScriptEnabled: false });

const { signUp, sampleEvent } = siteConfig.appLinks;
const { general, press, careers } = siteConfig.mailboxes;
const routePaths = new Set(siteRoutes.map((r) => r.path));

const featurePaths = featureFiles.map((feature) => `/features/${feature.slug}`);

/** Opens a path with JavaScript off and returns its <main>. */
async function open(page: Page, path: string): Promise<Locator> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return page.locator("main");
}

/** The whitespace-normalised text of <main>. */
async function mainText(main: Locator): Promise<string> {
  return ((await main.textContent()) ?? "").replace(/\s+/g, " ");
}

/** The JSON-LD objects in the served HTML of a path. */
async function jsonLdOf(
  request: APIRequestContext,
  path: string,
): Promise<Record<string, unknown>[]> {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

async function expectLink(scope: Locator, name: string | RegExp, href: string): Promise<void> {
  const link = scope.getByRole("link", { name, exact: typeof name === "string" });
  await expect(link.first(), `link ${name}`).toHaveAttribute("href", href);
}

test.describe("every page", () => {
  for (const { path } of siteRoutes) {
    test(`${path}: one h1, no skipped heading levels, own images with size and alt, links that resolve`, async ({
      request,
    }) => {
      const $ = await served(request, path);
      const main = $("main");
      const levels = main
        .find("h1, h2, h3, h4, h5, h6")
        .map((_, heading) => Number(heading.tagName.slice(1)))
        .get();
      expect(levels[0], "the first heading is the h1").toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      for (let i = 1; i < levels.length; i++) {
        expect(levels[i], `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(
          (levels[i - 1] ?? 1) + 1,
        );
      }
      expect(main.find("iframe")).toHaveLength(0);
      for (const img of $("img").toArray()) {
        const src = $(img).attr("src") ?? "";
        expect(src, "images come from this site").toMatch(/^\/[^/]/);
        expect($(img).attr("alt"), src).toBeTruthy();
        expect(Number($(img).attr("width")), src).toBeGreaterThan(0);
        expect(Number($(img).attr("height")), src).toBeGreaterThan(0);
        expect((await request.get(src)).status(), src).toBe(200);
      }
      for (const sheet of $('link[rel="stylesheet"]').toArray()) {
        expect($(sheet).attr("href"), "no external stylesheets or fonts").toMatch(/^\/[^/]/);
      }
      const internal = main
        .find('a[href^="/"]')
        .map((_, link) => $(link).attr("href") ?? "")
        .get();
      for (const href of new Set(internal)) {
        const target = href.split("#")[0] ?? "";
        if (routePaths.has(target)) continue;
        expect((await request.get(target)).status(), `${href} on ${path}`).toBe(200);
      }
    });
  }
});

test.describe("home", () => {
  test("hero: free forever, about 5 minutes, sign-up first and the demo second", async ({
    page,
  }) => {
    const main = await open(page, "/");
    const hero = main.locator("section").first();
    await expect(hero.locator("h1")).toBeVisible();
    const text = await mainText(hero);
    expect(text).toMatch(/free forever/i);
    expect(text).toMatch(/about 5 minutes/);
    const links = hero.getByRole("link");
    await expect(links.nth(0)).toHaveAttribute("href", signUp);
    await expect(links.nth(1)).toHaveAttribute("href", siteConfig.videos.demo);
  });

  test("demo: a venue-map poster drawn on the page and a play link to the external video, no embed", async ({
    page,
  }) => {
    const main = await open(page, "/");
    const demo = main.locator("#demo");
    await expect(demo.getByRole("heading", { level: 2 })).toBeVisible();
    const poster = demo.getByRole("img", { name: /venue map/ });
    await expect(poster).toHaveAttribute("width", /^\d+$/);
    await expect(poster).toHaveAttribute("height", /^\d+$/);
    expect(await poster.locator("[data-booth]").count()).toBeGreaterThan(20);
    await expectLink(demo, "Play the demo video", siteConfig.videos.demo);
    await expect(page.locator("iframe, video, object, embed")).toHaveCount(0);
  });

  test("features grid links every feature page by name; social proof names the event types; closing call to action", async ({
    page,
  }) => {
    const main = await open(page, "/");
    const features = main.locator("#features");
    for (const feature of featureFiles) {
      const link = features.locator(`a[href="/features/${feature.slug}"]`);
      await expect(link).toHaveCount(1);
      await expect(features.getByRole("heading", { name: feature.name })).toBeVisible();
    }
    await expect(features.locator('a[href="/features"]')).toHaveCount(1);
    for (const eventType of eventTypeFiles) {
      await expect(
        main.getByRole("link", { name: eventType.name, exact: true }).first(),
      ).toHaveAttribute("href", `/event-types/${eventType.slug}`);
    }
    await expect(main.locator("#who figure")).toHaveCount(testimonialEntries.length);
    const closing = main.locator("section").last();
    await expectLink(closing, "Sign Up Free", signUp);
    await expectLink(closing, "Contact Us", "/contact");
  });
});

test("features overview: every claim group, the feature pages and the payment methods", async ({
  page,
}) => {
  const main = await open(page, "/features");
  await expect(main.locator("h1")).toHaveText("Every tool an organizer needs");
  await expect(main.locator("h2")).toContainText([
    "Vendor messaging",
    "Venue map and booths",
    "Application forms and categories",
    "Vendor portal and organizer dashboard",
    "Payments",
    "Events and series",
  ]);
  const items = (await main.locator("h3").allTextContents()).map((t) => t.trim());
  for (const claim of [
    "Automated Messaging",
    "Reassignment notices",
    "Interactive Venue Mapping",
    "Booth inventory",
    "Public venue map",
    "Custom Vendor Categories",
    "Application fees",
    "Vendor portal",
    "Organizer dashboard",
    "Online payments",
    "Promo codes",
    "Add-ons with inventory",
    "Cancel and refund",
    "Event series",
    "Custom event links",
    "Event listings page",
  ]) {
    expect(items, claim).toContain(claim);
  }
  for (const path of featurePaths) {
    await expect(main.locator(`a[href="${path}"]`)).toHaveCount(1);
  }
  const text = await mainText(main);
  expect(text).toContain("cards, Apple Pay, Google Pay, Link, Cash App and Afterpay");
  expect(text).toContain(
    "With Apply & Approve, card details are collected only after approval, so nobody pays for a spot they didn't get; with Instant Approve & Pay and Pick & Pay, vendors pay when they book.",
  );
  expect(text).toMatch(/one application.*pick their dates.*pay per event.*approve each date/i);
  expect(text).toMatch(/refund them through your payment provider account/);
});

test.describe("how it works", () => {
  const models = ["Apply & Approve", "Instant Approve & Pay", "Pick & Pay"];

  test("the three models as numbered steps", async ({ page }) => {
    const main = await open(page, "/how-it-works");
    const section = main.locator("#models");
    await expect(section.locator("h3")).toHaveText(models);
    for (const model of models) {
      const steps = section.locator("article", { has: page.getByRole("heading", { name: model }) });
      expect(await steps.locator("ol > li").count(), model).toBeGreaterThanOrEqual(3);
    }
    const pick = await mainText(section.locator("article").nth(2));
    expect(pick).toMatch(/picks an open spot/);
    expect(pick).toMatch(/greyed out/);
    expect(pick).toMatch(/confirmation email/);
    const apply = await mainText(section.locator("article").nth(0));
    expect(apply).toMatch(/approve or reject/);
    expect(apply).toMatch(/payment link/);
    const instant = await mainText(section.locator("article").nth(1));
    expect(instant).toMatch(/pay when they submit/);
    expect(instant).toMatch(/assign their spot later/);
  });

  test("a real comparison table with caption, column and row headers", async ({ page }) => {
    const main = await open(page, "/how-it-works");
    const table = main.locator("table");
    await expect(table).toHaveCount(1);
    await expect(table.locator("caption")).toHaveText(/\w/);
    await expect(table.locator('thead th[scope="col"]')).toHaveText([/./, ...models]);
    const rows = table.locator('tbody th[scope="row"]');
    await expect(rows).toHaveText([
      /approves/i,
      /pay/i,
      /assigned/i,
      /pick on the map/i,
      /emails/i,
    ]);
    await expect(table.locator("tbody tr")).toHaveCount(5);
    for (const row of await table.locator("tbody tr").all()) {
      await expect(row.locator("td")).toHaveCount(3);
    }
    await expect(table.locator("tbody tr").nth(3).locator("td")).toHaveText(["No", "No", "Yes"]);
  });

  test("the FAQ: at least 8 native disclosures, matching FAQPage JSON-LD, opened by pointer and keyboard", async ({
    page,
    request,
  }) => {
    const main = await open(page, "/how-it-works");
    const faq = main.locator("#faq details");
    const count = await faq.count();
    expect(count).toBeGreaterThanOrEqual(8);
    const questions = (await main.locator("#faq summary").allTextContents()).map((q) => q.trim());
    const faqPage = (await jsonLdOf(request, "/how-it-works")).find(
      (d) => d["@type"] === "FAQPage",
    );
    expect(faqPage, "FAQPage JSON-LD").toBeTruthy();
    const entities = faqPage?.mainEntity as {
      "@type": string;
      name: string;
      acceptedAnswer: { "@type": string; text: string };
    }[];
    expect(entities.map((e) => e.name)).toEqual(questions);
    for (const [index, entity] of entities.entries()) {
      expect(entity["@type"]).toBe("Question");
      expect(entity.acceptedAnswer["@type"]).toBe("Answer");
      await expect(faq.nth(index).locator("p")).toHaveText(entity.acceptedAnswer.text);
    }
    await expect(faq.nth(0)).not.toHaveAttribute("open");
    await faq.nth(0).locator("summary").click();
    await expect(faq.nth(0)).toHaveAttribute("open");
    await faq.nth(1).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(faq.nth(1)).toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(faq.nth(1)).not.toHaveAttribute("open");
  });
});

test.describe("pricing", () => {
  test("free for organizers, the fees, next-day payouts, the six payment methods", async ({
    page,
  }) => {
    const main = await open(page, "/pricing");
    const text = await mainText(main);
    expect(text).toMatch(/Free forever for organizers/);
    expect(text).toContain("$0");
    expect(text).toContain("2.9% + 30¢");
    expect(text).toMatch(/per transaction/);
    expect(text).toMatch(/paid by the organizer/);
    expect(text).toMatch(/5%\s*platform fee/);
    // The processing fee's base where it is shown, with the calculator's worked example.
    expect(text).toContain(
      "paid by the organizer, on the vendor's whole payment (booth price plus platform fee).",
    );
    expect(text).toContain(
      "On a $100.00 booth the vendor pays $105.00 ($100.00 plus the $5.00 platform fee); processing on $105.00 is $3.35, so you receive $96.65.",
    );
    expect(text).toMatch(/Next-day payouts/);
    expect(text).toContain(
      "Payouts are next-day as standard, and instant where your payout account supports it.",
    );
    const methods = main.locator("#getting-paid ul li");
    await expect(methods).toHaveText([
      "Cards",
      "Apple Pay",
      "Google Pay",
      "Link",
      "Cash App",
      "Afterpay",
    ]);
    expect(text).toContain(
      "With Apply & Approve, card details are collected only after approval, so nobody pays for a spot they didn't get. With Instant Approve & Pay and Pick & Pay, vendors pay when they book.",
    );
    expect(text).not.toMatch(/^Card details are collected only after approval/m);
    expect(text).toMatch(/first venue map for free/);
    await expectLink(main.locator("section").first(), "Sign Up Free", signUp);
  });

  test("no price figure wraps inside its card (line count of each figure's text)", async ({
    page,
  }) => {
    await open(page, "/pricing");
    const figures = page.locator("[data-price-figure]");
    await expect(figures).toHaveText(["$0", "2.9% + 30¢", "5%"]);
    const lines = await figures.evaluateAll((elements) =>
      elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(lines).toEqual([1, 1, 1]);
  });

  test("SoftwareApplication JSON-LD with a free offer, in the words the page shows", async ({
    page,
    request,
  }) => {
    const app = (await jsonLdOf(request, "/pricing")).find(
      (d) => d["@type"] === "SoftwareApplication",
    );
    expect(app?.name).toBe(siteConfig.name);
    expect(app?.offers).toMatchObject({ "@type": "Offer", price: "0", priceCurrency: "USD" });
    const offer = app?.offers as { name: string; description: string };
    const main = await open(page, "/pricing");
    await expect(main.getByText(String(app?.description), { exact: true })).toHaveCount(1);
    const card = main.locator("#prices li", { hasText: offer.name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(offer.description);
    await expect(card).toContainText("$0");
  });
});

test("contact: the reply promise, the mailbox and the form's labelled fields", async ({ page }) => {
  const main = await open(page, "/contact");
  const text = await mainText(main);
  expect(text).toMatch(/within 24 hours/);
  await expect(main.locator(`a[href="mailto:${general}"]`)).toHaveCount(1);
  const form = main.locator("form");
  await expect(form).toHaveCount(1);
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/functions/v1/submit-contact-form");
  const fields: [RegExp, string, string, boolean][] = [
    [/^Name/, "input", "name", true],
    [/^Email/, "input", "email", true],
    [/^Phone/, "input", "phone", false],
    [/^Business name/, "input", "business_name", false],
    [/^Website/, "input", "website", false],
    [/^Message/, "textarea", "message", true],
  ];
  for (const [label, tag, name, required] of fields) {
    const field = form.getByLabel(label);
    await expect(field, name).toHaveAttribute("name", name);
    expect(await field.evaluate((e) => e.tagName.toLowerCase())).toBe(tag);
    if (required) await expect(field, name).toHaveAttribute("required");
    else await expect(field, name).not.toHaveAttribute("required");
  }
  await expect(form.getByLabel(/^Email/)).toHaveAttribute("type", "email");
  await expect(form.getByLabel(/^Message/)).toHaveAttribute("rows", "5");
  // The six fields, plus the hidden honeypot that people never see or reach and the page's signed render token.
  await expect(form.locator("input, textarea")).toHaveCount(8);
  await expect(form.locator('[aria-hidden="true"] input[name="extra_comments"]')).toHaveCount(1);
  await expect(form.locator('input[type="hidden"][name="form_token"]')).toHaveCount(1);
  const submit = form.getByRole("button", { name: "Send Message" });
  await expect(submit).toHaveAttribute("type", "submit");
});

test("about: who it is for and why it exists", async ({ page }) => {
  const main = await open(page, "/about");
  await expect(main.locator("h1")).toContainText(siteConfig.name);
  await expect(main.locator("h2")).toContainText(["Who it's for", "Why it exists"]);
  // Every published event type, by its name, and no other.
  await expect(main.locator('a[href^="/event-types/"]')).toHaveCount(eventTypeFiles.length);
  for (const eventType of eventTypeFiles) {
    await expectLink(main, eventType.name, `/event-types/${eventType.slug}`);
  }
  await expectLink(main, "Sign Up Free", signUp);
});

test.describe("event-type pages", () => {
  test("the route table holds one page per published file in content/event-types/, in their order", () => {
    expect(
      siteRoutes.filter((r) => r.path.startsWith("/event-types/")).map((r) => r.path.slice(13)),
    ).toEqual(eventTypeFiles.map((eventType) => eventType.slug));
  });

  for (const eventType of eventTypeFiles) {
    const { slug, name, ctaLabel: label } = eventType;
    test(`${slug}: badge, headline, ${label}, Schedule Demo, features and Let's Go`, async ({
      page,
    }) => {
      const main = await open(page, `/event-types/${slug}`);
      const hero = main.locator("section").first();
      await expect(hero.locator("h1")).toHaveText(eventType.headline);
      await expect(hero.locator("p").first()).toHaveText(`For ${name}`);
      await expectLink(hero, label, signUp);
      await expect(hero.getByRole("link").first()).toHaveText(label);
      await expectLink(hero, "Schedule Demo", "/contact");
      await expectLink(main, "Let's Go", signUp);
      const letsGo = main
        .locator("section")
        .filter({ has: page.getByRole("link", { name: "Let's Go" }) });
      await expect(letsGo.getByRole("heading", { name: eventType.letsGoTitle })).toBeVisible();
      await expect(letsGo).toContainText(`Set up your ${eventType.noun} in about`);
      const sample = main.getByRole("link", { name: "Sample Event Page" });
      if (eventType.showSampleEvent) await expect(sample).toHaveAttribute("href", sampleEvent);
      else await expect(sample).toHaveCount(0);
      expect(await main.locator("#features li").count()).toBeGreaterThanOrEqual(4);
      const figures = main.locator("figure");
      if (eventType.showTestimonials) {
        await expect(figures).toHaveCount(testimonialEntries.length);
        for (const figure of await figures.all()) {
          await expect(figure.locator("blockquote")).toHaveText(/(\w+\W+){5}/);
          await expect(figure.locator("figcaption")).toHaveText(/^\p{Lu}\p{Ll}+, .*organizer$/u);
          // An invented quote reads as one: marked "Sample" while its content file says so.
          const name = (await figure.locator("figcaption").textContent())?.split(",")[0];
          const entry = testimonialEntries.find((t) => t.name === name);
          await expect(figure.getByText("Sample", { exact: true })).toHaveCount(
            entry?.sample ? 1 : 0,
          );
        }
      } else {
        await expect(figures).toHaveCount(0);
        await expect(main.locator("blockquote")).toHaveCount(0);
      }
    });
  }
});

test.describe("feature pages", () => {
  const expectations: Record<string, RegExp[]> = {
    "/features/automated-messaging": [
      /approval email/i,
      /rejection email/i,
      /payment reminder/i,
      /custom messages/i,
      /immediately/i,
      /payment window you set/i,
    ],
    "/features/interactive-venue-mapping": [
      /drag-and-drop/i,
      /custom layouts/i,
      /booth sizes and premium pricing/i,
      /availability tracking/i,
      /overbooking/i,
      /booth preferences/i,
      /self-service booking/i,
      /website and social links/i,
      /public map/i,
      /assigned and available spots/i,
      /first venue map for free/i,
    ],
    "/features/custom-vendor-categories": [
      /vendor categories/i,
      /custom questions/i,
      /required or optional/i,
      /autofill/i,
      /category-based booth fees/i,
    ],
  };

  for (const [path, patterns] of Object.entries(expectations)) {
    test(`${path}: its claims, Back to Features, View All Features and the other feature pages`, async ({
      page,
    }) => {
      const main = await open(page, path);
      const text = await mainText(main);
      for (const pattern of patterns) expect(text).toMatch(pattern);
      await expectLink(main, "Back to Features", "/features");
      await expectLink(main, "View All Features", "/features");
      for (const other of featurePaths.filter((p) => p !== path)) {
        await expect(main.locator(`a[href="${other}"]`)).toHaveCount(1);
      }
      await expectLink(main, "Sign Up Free", signUp);
    });
  }

  test("the venue map page links the external how-to video and shows its illustration", async ({
    page,
  }) => {
    const main = await open(page, "/features/interactive-venue-mapping");
    await expect(main.locator(`a[href="${siteConfig.videos.venueMapHowTo}"]`)).toHaveCount(1);
    const picture = main.getByRole("img", { name: /^Sample venue map/ });
    await expect(picture).toBeVisible();
    await expect(picture.locator("svg[viewBox] [data-booth]")).toHaveCount(20);
  });

  test("the categories page lists the four question types", async ({ page }) => {
    const main = await open(page, "/features/custom-vendor-categories");
    await expect(main.locator("dt")).toHaveText(["Text", "Dropdown", "Checkbox", "File upload"]);
  });
});

test.describe("legal and info pages", () => {
  test("privacy policy: age, notice period, effective date and what the site stores", async ({
    page,
  }) => {
    const main = await open(page, "/privacy-policy");
    const text = await mainText(main);
    expect(text).toContain("July 1st, 2025");
    expect(text).toMatch(/at least 13 years old/);
    expect(text).toMatch(/children under 13/);
    expect(text).toMatch(/at least 30 days' notice of material changes/);
    expect(text).toMatch(/session storage/);
    for (const field of [
      "random session id",
      "referrer",
      "landing page",
      "campaign",
      "utm_campaign",
      "user agent",
      "name, email, phone, business name, website and message",
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toMatch(/Contact messages/);
    expect(text).toMatch(/contact message carries the session id of the visit/);
    expect(text).toContain("Visit records are deleted after 400 days");
    // People read a number of days, not the name of the setting behind it.
    expect(text).not.toContain("VISIT_RETENTION_DAYS");
    expect(text).toContain(
      "Links from this site to the organizer app carry the campaign named in the address of the first page you opened and the random session id of your visit",
    );
    expect(text).toMatch(/if your browser sends Global Privacy Control, they carry neither/);
    for (const key of [
      "referrer_tracked",
      "referrer_session_id",
      "first_touch_utm",
      "bp_admin_session",
    ]) {
      await expect(main.locator("code", { hasText: new RegExp(`^${key}$`) }), key).toHaveCount(1);
    }
    await expect(main.locator("code", { hasText: "__Host-bp_admin_session" })).toHaveCount(1);
  });

  test("terms of service: currency, cards, billing, refunds, trials, law and dates", async ({
    page,
  }) => {
    const main = await open(page, "/terms-service");
    const text = await mainText(main);
    expect(text).toContain("US dollars");
    expect(text).toContain(
      "What organizers may pay BoothPilot with: optional paid services, where offered, are paid with Visa, Mastercard, American Express, Discover or PayPal.",
    );
    expect(text).toContain(
      "What vendors can pay booths with: cards, Apple Pay, Google Pay, Link, Cash App and Afterpay",
    );
    // The paid-service clauses never read as applying to the organizers' free use.
    expect(text).toMatch(/no plan, subscription or trial is needed to run events/);
    for (const heading of [
      "Optional paid services: billing and renewal",
      "Refunds of optional paid services",
      "Free trials of optional paid services",
    ])
      await expect(main.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    expect(text).toMatch(/free use of the platform is not a trial and never ends in a charge/);
    await expect(main.getByRole("link", { name: /How vendors pay organizers/ })).toHaveAttribute(
      "href",
      "/pricing",
    );
    expect(text).toMatch(/billed monthly or annually and renew automatically/);
    expect(text).toMatch(/non-refundable, except where the law requires.*case by case/);
    expect(text).toMatch(/free trial, you are charged when the trial ends/);
    expect(text).not.toMatch(/\bA paid BoothPilot subscription\b/);
    expect(text).toContain("State of Florida");
    expect(text).toContain("July 1st, 2025");
    expect(text).toMatch(/at least 30 days' notice/);
  });

  test("cookie policy: what is kept in the browser and no advertising cookies", async ({
    page,
  }) => {
    const main = await open(page, "/cookies");
    const text = await mainText(main);
    expect(text).toMatch(/public pages set no cookies/);
    const table = main.locator("table");
    await expect(table.locator("caption")).toHaveText(/\w/);
    await expect(table.locator('tbody th[scope="row"]')).toHaveText([
      "referrer_tracked",
      "referrer_session_id",
      "first_touch_utm",
      "bp_admin_session (__Host-bp_admin_session over HTTPS)",
    ]);
    await expect(table.locator("tbody td", { hasText: "Session storage" })).toHaveCount(3);
    expect(text).toContain(
      "The visit record they are sent with is kept on our server: visit records are deleted after 400 days.",
    );
  });

  const mailboxes: Record<string, string[]> = {
    "/privacy-policy": [general],
    "/terms-service": [general],
    "/security": [general],
    "/cookies": [general],
    "/press": [press, general],
    "/careers": [careers, general],
  };
  for (const [path, addresses] of Object.entries(mailboxes)) {
    test(`${path} shows its mailboxes as mailto links`, async ({ page }) => {
      const main = await open(page, path);
      for (const address of addresses) {
        const link = main.locator(`a[href="mailto:${address}"]`);
        await expect(link, address).toHaveCount(1);
        await expect(link).toHaveText(address);
      }
    });
  }
});
