// The 404 page: status 404, its text, a link home, and the missing path in the console.
import { expect, test } from "./fixtures.ts";

for (const path of ["/no-such-page", "/event-types/unknown", "/features/nope/deeper"]) {
  test(`${path} answers 404 with the not-found page`, async ({ page, consoleWatch }) => {
    // The 404 status itself and the page's own log line are the expected console errors here.
    consoleWatch.allow(/non-existent route|status of 404/);
    const logged = page.waitForEvent(
      "console",
      (m) => m.type() === "error" && m.text().includes(path),
    );
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    expect((await logged).text()).toContain(path);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
}

test("the 404 page reads without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto("/missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await context.close();
});
