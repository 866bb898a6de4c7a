// The contact page's render token as a visitor's browser carries it, with and without JavaScript: a genuine
// message sent a few seconds after the page opened arrives with no sign of spam and the usual confirmation.
import type { Page } from "@playwright/test";
import { contactMessagesFrom } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Fills the form as a person does: some seconds after the page opened (a post under 3 s counts towards spam). */
async function fillAfterReading(page: Page, email: string) {
  const form = page.locator("#contact-form");
  await page.waitForTimeout(3_200);
  await form.getByLabel(/^Name/).fill("Rosa Delgado");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill("We run a flea market of 80 booths every Saturday.");
}

test("with JavaScript, the form sends the page's token and the message arrives clean", async ({
  page,
}) => {
  const email = uniqueEmail("token-js");
  await page.goto("/contact");
  await waitForHydration(page);
  await fillAfterReading(page, email);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
  const [row] = contactMessagesFrom(email);
  expect(row).toMatchObject({ status: "new", spam_score: 0, spam_reasons: "[]" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the posted form carries the page's token and the message arrives clean", async ({
    page,
  }) => {
    const email = uniqueEmail("token-nojs");
    await page.goto("/contact");
    await fillAfterReading(page, email);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1/);
    const [row] = contactMessagesFrom(email);
    expect(row).toMatchObject({ status: "new", spam_score: 0, spam_reasons: "[]" });
  });
});
