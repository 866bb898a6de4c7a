// Spam as the team sees it in the console: a pitch sent through the real contact page gets the visitor's usual
// confirmation, arrives as spam, and its page says why; "Not spam" brings it back to the inbox.
import { signIn, unique } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { contactMessagesFrom } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

test("a pitch is confirmed to its sender like any message, and its page shows the score and why", async ({
  page,
}) => {
  const email = `${unique("pitch")}@example.com`;
  const name = `Growth ${unique("Team")}`;
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("#contact-form");
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel("Email").fill(email);
  await form
    .getByLabel("Message")
    .fill("We sell cheap backlinks to put your site on the first page of Google.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog")).toContainText("Message Sent Successfully!");
  const [row] = contactMessagesFrom(email);
  expect(row?.status).toBe("spam");

  await signIn(page);
  await page.goto(`/admin/messages/${String(row?.id)}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  const score = page.getByRole("region", { name: "Spam score" });
  await expect(score).toContainText("at or above 5, so it arrived as spam.");
  await expect(score).toContainText("A known spam phrase: backlinks (+5)");
  await expect(score).toContainText("A known spam phrase: first page of Google (+5)");
  await expect(page.getByRole("region", { name: "Webhooks and acknowledgement" })).toContainText(
    "Not sent on: no webhook, Slack or acknowledgement was configured when it arrived, or it is spam.",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByRole("button", { name: "Mark spam" })).toBeVisible();
  expect(contactMessagesFrom(email)[0]?.status).toBe("new");
});
