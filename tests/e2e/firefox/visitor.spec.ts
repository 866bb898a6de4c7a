// What a visitor does, in Firefox at desktop and phone widths: home, menus, contact form with and without
// JavaScript and its refusals, the venue demo, the fee calculator on a slow connection, nothing past a phone's
// edge, and the 404 page. The Chromium specs cover each in depth.
import type { HTTPRequest, Page } from "puppeteer-core";
import { waitingVendors } from "../../../app/content/venue-demo.ts";
import { contactMessagesFrom } from "../database.ts";
import { overflowingElements } from "../overflow.ts";
import { expect, test, textOf, waitForHydration } from "./fixtures.ts";

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Clicks, or taps on a touch screen, what leads to another page, and waits for it. */
async function follow(page: Page, selector: string, touch: boolean) {
  const element = await page.waitForSelector(selector, { visible: true });
  if (!element) throw new Error(`${selector} is on the page`);
  await Promise.all([page.waitForNavigation(), touch ? element.tap() : element.click()]);
}

/** Answers the requests `when` picks with `answer` (after `delayMs`), and lets every other one through. */
async function intercept(
  page: Page,
  when: (url: string) => boolean,
  answer: (request: HTTPRequest) => Promise<void>,
) {
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    if (request.isInterceptResolutionHandled()) return;
    void (when(request.url()) ? answer(request) : request.continue());
  });
}

async function fillContactForm(
  page: Page,
  values: { name: string; email: string; message: string },
) {
  for (const [field, value] of Object.entries(values)) {
    await page.locator(`#contact-form-${field}`).fill(value);
  }
}

test("home: the page, its heading, and its script runs", async ({ ff: { page }, at }) => {
  await page.goto(at("/"));
  await waitForHydration(page);
  expect(await page.title()).toMatch(/BoothPilot/);
  expect(await textOf(page, "h1")).not.toBe("");
});

test("desktop: the Event Types menu opens and leads to a page", async ({
  ff: { page },
  at,
  firefoxTouch,
}) => {
  test.skip(firefoxTouch, "desktop header only");
  await page.goto(at("/"));
  await waitForHydration(page);
  const trigger = 'nav[aria-label="Main"] summary';
  await page.locator(trigger).click();
  await expect.poll(() => page.$eval(trigger, (s) => s.getAttribute("aria-expanded"))).toBe("true");
  await follow(page, 'nav[aria-label="Main"] a[href="/event-types/card-shows"]', false);
  expect(new URL(page.url()).pathname).toBe("/event-types/card-shows");
  expect(await textOf(page, "h1")).toMatch(/card show/i);
});

test("phone: the menu opens and leads to a page", async ({ ff: { page }, at, firefoxTouch }) => {
  test.skip(!firefoxTouch, "phone header only");
  await page.goto(at("/pricing"));
  await waitForHydration(page);
  const toggle = await page.waitForSelector('details:has(nav[aria-label="Mobile"]) > summary');
  await toggle?.tap();
  await page.waitForSelector('nav[aria-label="Mobile"]', { visible: true });
  await follow(page, 'nav[aria-label="Mobile"] a[href="/how-it-works"]', true);
  expect(await page.title()).toMatch(/^How It Works/);
});

test("contact form with JavaScript: sent, confirmed, stored", async ({ ff: { page }, at }) => {
  const email = uniqueEmail("firefox");
  await page.goto(at("/contact"));
  await waitForHydration(page);
  await fillContactForm(page, { name: "Firefox Visitor", email, message: "Sent from Firefox." });
  await page.locator("#contact-form button[type=submit]").click();
  const dialog = await page.waitForSelector("dialog[open]", { visible: true });
  expect(await dialog?.evaluate((d) => d.textContent)).toContain("Message Sent Successfully!");
  expect(await page.$eval("#contact-form-name", (input) => (input as HTMLInputElement).value)).toBe(
    "",
  );
  expect(contactMessagesFrom(email)).toMatchObject([
    { name: "Firefox Visitor", message: "Sent from Firefox." },
  ]);
});

test("contact form refused: focus stays in the form, a 429 says how long to wait", async ({
  ff,
  at,
}) => {
  const { page } = ff;
  ff.allow(/status of 429|429/);
  await intercept(
    page,
    (url) => url.endsWith("/functions/v1/submit-contact-form"),
    (request) =>
      request.respond({
        status: 429,
        headers: { "retry-after": "38" },
        contentType: "application/json",
        body: JSON.stringify({
          success: false,
          error: "Too many requests: please try again later",
        }),
      }),
  );
  await page.goto(at("/contact"));
  await waitForHydration(page);
  await fillContactForm(page, {
    name: "Firefox Visitor",
    email: uniqueEmail("firefox-429"),
    message: "Too soon.",
  });
  await page.locator("#contact-form button[type=submit]").click();
  // The toast keeps SPEC's words, then says how long to wait.
  await expect.poll(() => textOf(page, "[role=alert] li")).toContain("try again in 38 seconds.");
  expect(await textOf(page, "[role=alert] li")).toContain(
    "Please try again or contact us directly.",
  );
  // Focus is on the form's own sentence about it, not on the page's body.
  expect(
    await page.evaluate(() => {
      const focused = document.activeElement;
      return focused?.closest("#contact-form") ? focused.textContent : "outside the form";
    }),
  ).toContain("try again in 38 seconds.");
});

test("contact form without JavaScript: sent by keyboard, stored, lands on the confirmation", async ({
  ffNoScript: { page },
  at,
}) => {
  // With JavaScript off, Firefox runs none of puppeteer's page scripts either: the visitor's keyboard
  // alone fills and sends the form (the fragment puts the Tab order's start at the form).
  const email = uniqueEmail("firefox-nojs");
  await page.goto(at("/contact#contact-form"));
  const fields = {
    name: "Plain Firefox",
    email,
    phone: "",
    business: "",
    website: "",
    message: "No script here.",
  };
  for (const value of Object.values(fields)) {
    await page.keyboard.press("Tab");
    if (value) await page.keyboard.type(value);
  }
  await page.keyboard.press("Tab");
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
  expect(new URL(page.url()).searchParams.get("sent")).toBe("1");
  expect(contactMessagesFrom(email)).toMatchObject([
    { name: "Plain Firefox", message: "No script here." },
  ]);
});

test.describe("venue demo", () => {
  // The drawing on screen: the phone's upright one (the touch project's 375 px), the wide one at desktop.
  let drawing = "wide";
  test.beforeEach(({ firefoxTouch }) => {
    drawing = firefoxTouch ? "portrait" : "wide";
  });
  const booth = (id: string) => `#try-it [data-drawing="${drawing}"] [data-booth="${id}"]`;
  /** A waiting vendor's card, by the list's order. */
  const vendor = (name: string) =>
    `#try-it li:nth-child(${waitingVendors.findIndex((v) => v.name === name) + 1}) button[aria-pressed]`;

  async function openDemo(page: Page, path: string) {
    await page.goto(path);
    await page.$eval("#try-it", (section) => section.scrollIntoView());
    await page.waitForSelector("#try-it [data-live]");
  }

  /** The centre of what `selector` matches, in the viewport as it is scrolled now. */
  async function centre(page: Page, selector: string) {
    await page.waitForSelector(selector, { visible: true });
    return page.$eval(selector, (element) => {
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    });
  }

  test("a drag assigns a vendor and the booth shows its name", async ({
    ff: { page },
    at,
    firefoxTouch,
  }) => {
    await openDemo(page, at("/features/interactive-venue-mapping"));
    // Both ends of the drag on one screen: the lower of the two (the map's booth under the waiting list on a
    // phone, the map's last row beside the list at desktop width) scrolled to just above the viewport's bottom.
    await page.evaluate(
      (from, to) => {
        const bottoms = [from, to].map(
          (selector) => document.querySelector(selector)?.getBoundingClientRect().bottom ?? 0,
        );
        window.scrollBy({
          top: Math.max(...bottoms) - window.innerHeight + 8,
          behavior: "instant",
        });
      },
      vendor("Clay & Kiln Pottery"),
      booth("D2"),
    );
    const from = await centre(page, vendor("Clay & Kiln Pottery"));
    const to = await centre(page, booth("D2"));
    const path = Array.from({ length: 8 }, (_, i) => ({
      x: from.x + ((to.x - from.x) * (i + 1)) / 8,
      y: from.y + ((to.y - from.y) * (i + 1)) / 8,
    }));
    if (firefoxTouch) {
      await page.touchscreen.touchStart(from.x, from.y);
      for (const point of path) await page.touchscreen.touchMove(point.x, point.y);
    } else {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (const point of path) await page.mouse.move(point.x, point.y);
    }
    await page.waitForSelector("[data-drag-ghost]", { visible: true });
    expect(await textOf(page, "[data-drag-ghost]")).toBe("Clay & Kiln");
    if (firefoxTouch) await page.touchscreen.touchEnd();
    else await page.mouse.up();
    await expect
      .poll(() => textOf(page, "#try-it [role=status]"))
      .toBe("Assigned Clay & Kiln Pottery to booth D2.");
    expect(await textOf(page, `${booth("D2")} text`)).toBe("Clay & Kiln");
    // Marked by a ring beside its fill, and named so.
    expect(await page.$eval(booth("D2"), (g) => g.getAttribute("data-marked"))).toBe("true");
    expect(await page.$eval(booth("D2"), (g) => g.getAttribute("aria-label"))).toMatch(
      /taken by Clay & Kiln Pottery, your last choice$/,
    );
  });

  test("keyboard: choose, arrows, Enter assigns", async ({ ff: { page }, at, firefoxTouch }) => {
    test.skip(firefoxTouch, "a keyboard: phones tap, as the drag test's finger does");
    await openDemo(page, at("/features/interactive-venue-mapping"));
    await page.$eval(`#try-it button[aria-pressed]`, (button) => button.focus());
    await page.keyboard.press("Enter");
    await page.waitForSelector(`${booth("A1")}:focus`);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    await page.waitForSelector(`${booth("B2")}:focus`);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => textOf(page, "#try-it [role=status]"))
      .toBe("Assigned Clay & Kiln Pottery to booth B2.");
  });

  test("phone: tap a vendor, then tap a booth", async ({ ff: { page }, at, firefoxTouch }) => {
    test.skip(!firefoxTouch, "touch screens only");
    await openDemo(page, at("/features/interactive-venue-mapping"));
    await (await page.waitForSelector(vendor("Golden Comb Honey")))?.tap();
    await expect
      .poll(() => textOf(page, "#try-it [role=status]"))
      .toBe("Chose Golden Comb Honey. Tap an open booth to assign.");
    const target = await centre(page, booth("C2"));
    await page.touchscreen.tap(target.x, target.y);
    await expect
      .poll(() => textOf(page, "#try-it [role=status]"))
      .toBe("Assigned Golden Comb Honey to booth C2.");
    expect(await page.$eval(booth("C2"), (g) => g.getAttribute("data-marked"))).toBe("true");
  });
});

test("fee calculator: typing a price recalculates what the vendor pays", async ({
  ff: { page },
  at,
}) => {
  await page.goto(at("/pricing"));
  await page.$eval("#fee-calculator", (section) => section.scrollIntoView());
  // The calculator is a fieldset of inputs (nothing is sent), marked once its island is live.
  await page.waitForSelector("#fee-calculator fieldset[data-live]");
  const inputs = await page.$$("#fee-calculator fieldset[data-live] input");
  await inputs[0]?.click({ count: 3 });
  await inputs[0]?.type("100");
  await inputs[1]?.click({ count: 3 });
  await inputs[1]?.type("20");
  // The row's label and its value, whatever elements carry them.
  const vendorPays = () =>
    page.evaluate(() => {
      const form = document.querySelector("#fee-calculator fieldset[data-live]");
      const label = [...(form?.querySelectorAll("*") ?? [])].find(
        (element) => element.childElementCount === 0 && element.textContent === "Vendor pays",
      );
      return label?.parentElement?.textContent?.replace("Vendor pays", "").trim();
    });
  await expect.poll(vendorPays).toBe("$105.00");
});

test("fee calculator on a slow connection: what was typed before the script stays", async ({
  ff: { page },
  at,
}) => {
  // Every script of the site arrives 3 seconds late.
  await intercept(
    page,
    (url) => new URL(url).pathname.startsWith("/assets/") && url.endsWith(".js"),
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await request.continue();
    },
  );
  await page.goto(at("/pricing"), { waitUntil: "domcontentloaded" });
  await page.$eval("#fee-calculator", (section) => section.scrollIntoView());
  const price = "#fee-calculator input[name=booth-price]";
  await page.locator(price).click({ count: 3 });
  await page.keyboard.type("40");
  await page.waitForSelector("#fee-calculator fieldset[data-live]", { timeout: 20_000 });
  expect(await page.$eval(price, (input) => (input as HTMLInputElement).value)).toBe("40");
  const row = (label: string) =>
    page.evaluate((wanted) => {
      const term = [...document.querySelectorAll("#fee-calculator dt")].find((dt) =>
        dt.textContent?.startsWith(wanted),
      );
      return term?.nextElementSibling?.textContent ?? "";
    }, label);
  // The vendor pays $42.00 (booth and 5% platform fee); processing is 2.9% of that plus 30 cents.
  await expect.poll(() => row("Vendor pays")).toBe("$42.00");
  expect(await row("Processing fee")).toBe("$1.52");
});

test("phone: nothing in main passes the screen's edge", async ({
  ff: { page },
  at,
  firefoxTouch,
}) => {
  test.skip(!firefoxTouch, "the phone's width");
  for (const path of [
    "/",
    "/how-it-works",
    "/pricing",
    "/features",
    "/features/interactive-venue-mapping",
    "/event-types/art-fairs",
  ]) {
    await page.goto(at(path));
    await waitForHydration(page);
    // Islands that hydrate when seen: each brought into view, then waited for.
    const islands = await page.$$eval("[data-island][data-hydrate=visible]", (all) => all.length);
    for (let index = 0; index < islands; index++) {
      await page.evaluate((i) => {
        document.querySelectorAll("[data-island][data-hydrate=visible]")[i]?.scrollIntoView();
      }, index);
      await page.waitForFunction(
        (i) =>
          document
            .querySelectorAll("[data-island][data-hydrate=visible]")
            [i]?.querySelector("[data-live]") !== null,
        {},
        index,
      );
    }
    expect(await page.evaluate(overflowingElements), path).toEqual([]);
  }
});

test("the 404 page: status 404, its heading, a way home", async ({ ff, at }) => {
  // The page logs the missing path as an error on purpose.
  ff.allow(/non-existent route|404/);
  const response = await ff.page.goto(at("/no-such-page"));
  expect(response?.status()).toBe(404);
  expect(await textOf(ff.page, "h1")).toBe("Oops! Page not found");
  await follow(ff.page, "main a[href='/']", false);
  expect(new URL(ff.page.url()).pathname).toBe("/");
});
