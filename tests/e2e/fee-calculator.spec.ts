// The /pricing fee calculator as a visitor uses it: the worked example without JavaScript, live results with it.
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/pricing");
    const section = page.locator("#fee-calculator");
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator("[data-live]")).toBeVisible();
  });

  test("recalculates as the visitor types: a $100.00 booth, the vendor pays $105.00", async ({
    page,
  }) => {
    const form = page.getByRole("group", { name: "Fee calculator" });
    await form.getByLabel("Booth price (USD)").fill("100");
    await form.getByLabel("Number of vendors").fill("20");
    const result = (label: string) =>
      form.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
    await expect(result("Vendor pays")).toHaveText("$105.00");
    await expect(result("Processing fee on the vendor's payment")).toHaveText("$3.35");
    await expect(result("You receive per vendor")).toHaveText("$96.65");
    await expect(result("You receive in total")).toHaveText("$1,933.00");
    await expect(result("You pay BoothPilot")).toHaveText("$0.00");
    await form.getByLabel("Booth price (USD)").fill("85");
    await expect(result("Vendor pays")).toHaveText("$89.25");
  });

  test("an invalid input gets its error at the field", async ({ page }) => {
    const form = page.getByRole("group", { name: "Fee calculator" });
    const price = form.getByLabel("Booth price (USD)");
    await price.fill("12.345");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription(
      "Enter the booth price in dollars and cents, such as 100 or 99.50",
    );
    const vendors = form.getByLabel("Number of vendors");
    await vendors.fill("0");
    await expect(vendors).toHaveAccessibleDescription(
      "Enter a whole number of vendors from 1 to 10,000",
    );
    await price.fill("250");
    await expect(price).not.toHaveAttribute("aria-invalid");
  });

  test("axe finds nothing with the calculator open", async ({ page }) => {
    await expectNoAxeViolations(page);
  });
});

test("on a slow connection, what was typed before the script arrived stays and is calculated", async ({
  page,
}) => {
  // Every script of the site arrives 3 seconds late, as on a slow phone connection.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.goto("/pricing", { waitUntil: "commit" });
  const price = page.locator("#fee-calculator").getByLabel("Booth price (USD)");
  await price.scrollIntoViewIfNeeded();
  await price.fill("40");
  await expect(page.locator("#fee-calculator [data-live]")).toBeVisible({ timeout: 15_000 });
  await expect(price).toHaveValue("40");
  const form = page.getByRole("group", { name: "Fee calculator" });
  const result = (label: string) =>
    form.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
  // The vendor pays $42.00 (the booth and the 5% platform fee); processing is 2.9% of that plus 30 cents.
  await expect(result("Vendor pays")).toHaveText("$42.00");
  await expect(result("Processing fee on the vendor's payment")).toHaveText("$1.52");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a worked example table, rendered at build", async ({ page }) => {
    await page.goto("/pricing");
    const table = page.getByRole("table", { name: /for a few booth prices/ });
    await expect(table).toBeVisible();
    const row = table.getByRole("row", { name: /^\$100\.00/ });
    await expect(row.getByRole("cell")).toHaveText(["$105.00", "$3.35", "$96.65"]);
    // Inputs that could not recalculate are not shown.
    await expect(page.getByRole("group", { name: "Fee calculator" })).toBeHidden();
  });
});
