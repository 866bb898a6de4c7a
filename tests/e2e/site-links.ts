// The site's own links followed in the e2e specs as a visitor's click follows them, by the client-side router.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/**
 * Clicks the first link to the contact page (a header link: at phone width inside the closed menu, hence the click
 * from the page) and waits for the contact page's address.
 */
export async function followContactLink(page: Page): Promise<void> {
  await page
    .locator('a[href="/contact"]')
    .first()
    .evaluate((a) => (a as HTMLAnchorElement).click());
  await expect(page).toHaveURL("/contact");
}
