// Static page content: prerendered HTML adopted on hydration, fetched as HTML on client-side navigation.
import { expect, test, waitForHydration } from "./fixtures.ts";

test("a page reached by client-side navigation shows the same content as a full load", async ({
  page,
}) => {
  await page.goto("/pricing");
  await waitForHydration(page);
  const fullLoad = await page.locator("main").innerHTML();

  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await page
    .locator('a[href="/pricing"]')
    .first()
    .evaluate((a) => (a as HTMLAnchorElement).click());
  await expect(page).toHaveURL("/pricing");
  await expect(page.locator("main h1")).toHaveText(/Free forever/);
  expect(await page.locator("main").innerHTML()).toBe(fullLoad);
  await expect(page).toHaveTitle(/^Pricing/);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
});

test("links inside static content navigate client-side", async ({ page }) => {
  await page.goto("/pricing");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  const link = page.locator('main a[href="/features"]').first();
  await link.click();
  await expect(page).toHaveURL("/features");
  await expect(page.locator("main h1")).toHaveText(/Every tool/);
  await expect(page).toHaveTitle(/^Features/);
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
});

test("FAQ questions in static content report aria-expanded and open by keyboard", async ({
  page,
}) => {
  await page.goto("/how-it-works");
  await waitForHydration(page);
  const question = page.locator("#faq summary").first();
  await expect(question).toHaveAttribute("aria-expanded", "false");
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#faq details").first().locator("p")).toBeVisible();
  await page.keyboard.press("Space");
  await expect(question).toHaveAttribute("aria-expanded", "false");
});
