// Header navigation: Event Types dropdown on desktop, menu panel on phones, by pointer and keyboard.

import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { eventTypeFiles, siteFile } from "./content-files.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

/** The Event Types menu's entries as the files in content/event-types/ name them. */
const eventTypeLinks = eventTypeFiles.map((eventType) => ({
  label: eventType.name,
  to: `/event-types/${eventType.slug}`,
}));

/** The phone menu's toggle: it reads Menu, and Close while open. */
const menuToggle = (page: Page) => page.getByRole("banner").locator("summary", { hasText: "Menu" });

const isMobile = (width: number | undefined) => (width ?? 1280) < 768;

/** The main navigation and its Event Types dropdown's trigger. */
function eventTypesMenu(page: Page) {
  const nav = page.getByRole("navigation", { name: siteFile.header.mainNav });
  return { nav, trigger: nav.locator("summary", { hasText: "Event Types" }) };
}

/** The Event Types dropdown opened from the keyboard: its trigger focused, then Enter. */
async function openEventTypesByKeyboard(page: Page) {
  const menu = eventTypesMenu(page);
  await menu.trigger.focus();
  await page.keyboard.press("Enter");
  await expect(menu.trigger).toHaveAttribute("aria-expanded", "true");
  return menu;
}

test.describe("desktop header", () => {
  test.beforeEach(async ({ page }) => {
    test.skip(isMobile(page.viewportSize()?.width), "desktop only");
    await page.goto("/");
    await waitForHydration(page);
  });

  test("the Event Types dropdown opens by pointer, lists every published event type and navigates", async ({
    page,
  }) => {
    const { nav, trigger } = eventTypesMenu(page);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(nav.locator('a[href^="/event-types/"]')).toHaveCount(eventTypeLinks.length);
    for (const link of eventTypeLinks) {
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute(
        "href",
        link.to,
      );
    }
    await nav.getByRole("link", { name: "Card Shows" }).click();
    await expect(page).toHaveURL("/event-types/card-shows");
    await expect(page).toHaveTitle(/^Card Show/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/card show/i);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("the dropdown works by keyboard and Escape closes it with focus back on the trigger", async ({
    page,
  }) => {
    const { nav, trigger } = await openEventTypesByKeyboard(page);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: eventTypeLinks[0]?.label })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();
    await page.keyboard.press("Space");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.click(5, 600);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("header links reach every top-level page and the organizer app", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: siteFile.header.mainNav });
    for (const [name, href] of [
      ["Home", "/"],
      ["Features", "/features"],
      ["How It Works", "/how-it-works"],
      ["Pricing", "/pricing"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    // The header's own links: page content repeats "Sign Up Free" in its calls to action. The site script
    // has added the visit's session id (this landing URL names no campaign).
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      /^https:\/\/app\..*\/login\?bp_session=[0-9a-f-]{36}$/,
    );
    await expect(header.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute(
      "href",
      /^https:\/\/app\..*\/signup\?bp_session=[0-9a-f-]{36}$/,
    );
  });

  test("the dropdown closes when the keyboard moves past its last link, on Escape and on an outside click", async ({
    page,
  }) => {
    const { nav, trigger } = await openEventTypesByKeyboard(page);
    for (const _ of eventTypeLinks) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: eventTypeLinks.at(-1)?.label })).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Features", exact: true })).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: eventTypeLinks[0]?.label })).toBeHidden();
    // Shift+Tab back into the trigger and out before it: closed too.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Shift+Tab");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    // Outside the open panel, on the page below it.
    await page.mouse.click(1200, 700);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("mobile menu", () => {
  test.beforeEach(async ({ page }) => {
    test.skip(!isMobile(page.viewportSize()?.width), "phone width only");
    await page.goto("/pricing");
    await waitForHydration(page);
  });

  test("the menu button opens a panel with every page and closes after navigating", async ({
    page,
  }) => {
    const button = menuToggle(page);
    await expect(page.getByRole("navigation", { name: siteFile.header.mainNav })).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("navigation", { name: siteFile.header.mobileNav });
    await expect(panel).toBeVisible();
    for (const link of eventTypeLinks) {
      await expect(panel.getByRole("link", { name: link.label })).toBeVisible();
    }
    await panel.getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL("/how-it-works");
    await expect(page).toHaveTitle(/^How It Works/);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();
  });

  test("the menu works by keyboard and Escape closes it", async ({ page }) => {
    const button = menuToggle(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(
      page
        .getByRole("navigation", { name: siteFile.header.mobileNav })
        .getByRole("link", { name: "Home" }),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("its toggle reads and looks like Close while open; every link is at least 44 px tall", async ({
    page,
  }) => {
    const toggle = page.getByRole("banner").locator("summary", { hasText: "Menu" });
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(toggle.getByText("Menu")).toBeVisible();
    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName("Close");
    await expect(toggle.getByText("Close")).toBeVisible();
    await expect(toggle.getByText("Menu")).toBeHidden();
    const nav = page.getByRole("navigation", { name: siteFile.header.mobileNav });
    const heights = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(eventTypeLinks.length + 5);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
    // The last link can be scrolled to inside the open menu, under the sticky header.
    await nav.getByRole("link", { name: "Sign Up Free" }).scrollIntoViewIfNeeded();
    await expect(nav.getByRole("link", { name: "Sign Up Free" })).toBeInViewport();
    await expectNoAxeViolations(page);
    await toggle.tap();
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(nav).toBeHidden();
  });
});

test("navigation works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await menuToggle(page).click();
  await page
    .getByRole("navigation", { name: siteFile.header.mobileNav })
    .getByRole("link", { name: "Flea Markets" })
    .click();
  await expect(page).toHaveURL("/event-types/flea-markets");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});
