// The contact form as a visitor uses it: every state and text of docs/product.md ("Contact form", "Error catalogue"), with and
// without JavaScript, against the real server and database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { type RunningServer, startServer } from "../../server/test/server-process.ts";
import { ownServerEnv } from "./admin-account.ts";
import { contactMessagesFrom } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { followContactLink } from "./site-links.ts";

// What the server answers and when the form's code loads are the same at every width: those tests run at desktop
// only (playwright.config.ts leaves the tag out of the phone project); layout, focus and the toasts run at both.
const widthFree = "@same-at-every-width";

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function fill(
  page: Page,
  values: { name?: string; email?: string; message?: string; website?: string },
) {
  const form = page.locator("#contact-form");
  if (values.name !== undefined) await form.getByLabel(/^Name/).fill(values.name);
  if (values.email !== undefined) await form.getByLabel("Email").fill(values.email);
  if (values.website !== undefined) await form.getByLabel("Website").fill(values.website);
  if (values.message !== undefined) await form.getByLabel("Message").fill(values.message);
}

/** The server function answers every send with this refusal, and the visitor fills in and sends the form. */
async function sendRefused(
  page: Page,
  answer: { status: number; error: string; headers?: Record<string, string> },
  tag: string,
) {
  await page.route("**/functions/v1/submit-contact-form", (route) =>
    route.fulfill({
      status: answer.status,
      headers: answer.headers,
      contentType: "application/json",
      body: JSON.stringify({ success: false, error: answer.error }),
    }),
  );
  await fill(page, { name: "Ada", email: uniqueEmail(tag), message: "Hello" });
  await page.getByRole("button", { name: "Send Message" }).click();
}

/** The element is wholly inside the viewport: what the visitor sees without scrolling. */
async function expectInFirstScreen(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${selector} is not shown`);
  expect(box.height).toBeGreaterThan(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** The field is on screen and the toast does not overlap it. */
async function expectUncovered(field: Locator, toast: Locator) {
  await expect(field).toBeInViewport({ ratio: 1 });
  await expect(toast).toBeVisible();
  const [a, b] = [await field.boundingBox(), await toast.boundingBox()];
  if (!a || !b) throw new Error("not shown");
  const overlaps =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, "the toast covers the focused field").toBe(false);
}

/**
 * The error summary's links: each its field's sentence, pointing at the field. Read through `expect.poll`: after a
 * post the URL changes before the page holding the summary is parsed.
 */
async function summaryLinks(page: Page) {
  const links = page.locator("#contact-form-errors a");
  return links.evaluateAll((anchors) =>
    anchors.map((a) => [a.getAttribute("href"), a.textContent]),
  );
}

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
  });

  test("fields, labels and required rules as docs/product.md says", async ({ page }) => {
    const form = page.locator("#contact-form");
    for (const label of ["Name", "Email", "Message"]) {
      await expect(form.getByLabel(new RegExp(`^${label}`))).toHaveAttribute("required", "");
    }
    for (const label of ["Phone", "Business name", "Website"]) {
      await expect(form.getByLabel(new RegExp(`^${label}`))).not.toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "5");
    // The honeypot: out of the tab order, hidden from assistive technology, drawn off screen.
    const honeypot = form.locator('input[name="extra_comments"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    // Every field stops at the contract's length and says what browsers may fill in.
    const expected = [
      ["name", "200", "name"],
      ["email", "254", "email"],
      ["phone", "50", "tel"],
      ["business_name", "200", "organization"],
      ["website", "2000", "url"],
      ["message", "5000", "off"],
    ];
    for (const [name, maxLength, autocomplete] of expected) {
      const field = form.locator(`[name="${name}"]`);
      await expect(field, name).toHaveAttribute("maxlength", maxLength ?? "");
      await expect(field, name).toHaveAttribute("autocomplete", autocomplete ?? "");
    }
    await expect(form.locator('[aria-hidden="true"] input[name="extra_comments"]')).toHaveCount(1);
    expect((await honeypot.boundingBox())?.x ?? 0).toBeLessThan(-1000);
  });

  test("missing required fields are shown at each field and focus goes to the first", async ({
    page,
  }) => {
    await page.getByRole("button", { name: "Send Message" }).click();
    const name = page.locator("#contact-form").getByLabel(/^Name/);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();
    const describedBy = await name.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Enter your name");
    await expect
      .poll(() => summaryLinks(page))
      .toEqual([
        ["#contact-form-name", "Enter your name"],
        ["#contact-form-email", "Enter your e-mail address"],
        ["#contact-form-message", "Enter your message"],
      ]);
    await page
      .locator("#contact-form-errors")
      .getByRole("link", { name: "Enter your message" })
      .click();
    await expect(page.locator("#contact-form").getByLabel("Message")).toBeFocused();
    await expect(page.locator("#contact-form").getByLabel("Email")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.locator("#contact-form").getByLabel("Message")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  });

  test("sending, then success: toast for about 6 seconds, dialog, cleared form, stored row", async ({
    page,
  }) => {
    const email = uniqueEmail("success");
    await page.route("**/functions/v1/submit-contact-form", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await fill(page, { name: "Grace Hopper", email, message: "We run a flea market." });
    const button = page.locator("#contact-form button[type=submit]");
    await button.click();
    await expect(button).toHaveText("Sending...");
    await expect(button).toBeDisabled();

    const toast = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
    await expect(toast).toBeVisible();
    const shownAt = Date.now();
    await expect(toast).toContainText(
      "Thank you for contacting us! We'll get back to you within 24 hours",
    );
    const dialog = page.getByRole("dialog", { name: "Message Sent Successfully!" });
    await expect(dialog).toBeVisible();
    await expect(page.locator("#contact-form").getByLabel(/^Name/)).toHaveValue("");
    await expect(page.locator("#contact-form").getByLabel("Message")).toHaveValue("");
    await expect(button).toHaveText("Send Message");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog).toBeHidden();
    // The visitor goes on at the emptied form's first field, which the toast never covers.
    const name = page.locator("#contact-form").getByLabel(/^Name/);
    await expect(name).toBeFocused();
    await expectUncovered(name, toast);

    await expect(toast).toBeVisible();
    await page.waitForTimeout(Math.max(0, 5000 - (Date.now() - shownAt)));
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 2500 });

    const rows = contactMessagesFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Grace Hopper",
      message: "We run a flea market.",
      status: "new",
    });
  });

  test("Escape closes the dialog and focus returns to the form's first field", async ({ page }) => {
    await fill(page, { name: "Esc", email: uniqueEmail("escape"), message: "Closing by key." });
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: "Message Sent Successfully!" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("#contact-form").getByLabel(/^Name/)).toBeFocused();
  });

  test("a website typed without https:// is stored as the https address", {
    tag: widthFree,
  }, async ({ page }) => {
    const email = uniqueEmail("website");
    await fill(page, {
      name: "Sunday Flea",
      email,
      message: "Our site.",
      website: "www.sundayflea.com",
    });
    const website = page.locator("#contact-form").getByLabel("Website");
    // The form hydrates on first focus; a blur before its script has loaded changes nothing, so blur again.
    await expect(async () => {
      await website.focus();
      await website.blur();
      await expect(website).toHaveValue("https://www.sundayflea.com", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
    expect(contactMessagesFrom(email)[0]).toMatchObject({ website: "https://www.sundayflea.com" });
  });

  test("a server failure shows the destructive toast and keeps the values", {
    tag: widthFree,
  }, async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 500/);
    await sendRefused(page, { status: 500, error: "Failed to submit form" }, "fail");
    const alert = page.getByRole("alert").filter({ hasText: "Error sending message" });
    await expect(alert).toContainText("Please try again or contact us directly.");
    await expect(page.locator("#contact-form").getByLabel(/^Name/)).toHaveValue("Ada");
    await expect(page.locator("#contact-form").getByLabel("Message")).toHaveValue("Hello");
  });

  test("after a failed send, focus is on the sentence in the form that says what happened", async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 500/);
    await sendRefused(page, { status: 500, error: "Failed to submit form" }, "focus");
    const focused = page.locator("#contact-form :focus");
    await expect(focused).toHaveText(
      "Error sending message. Please try again or contact us directly.",
    );
    // The next Tab goes on in the form, not to the toast's close button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeFocused();
  });

  test("a 429 keeps the toast's words and says how long to wait, from Retry-After", {
    tag: widthFree,
  }, async ({ page, consoleWatch }) => {
    consoleWatch.allow(/status of 429/);
    const error = "Too many requests: please try again later";
    await sendRefused(page, { status: 429, error, headers: { "retry-after": "38" } }, "limit");
    const alert = page.getByRole("alert").filter({ hasText: "Error sending message" });
    await expect(alert).toContainText("Please try again or contact us directly.");
    await expect(alert).toContainText("try again in 38 seconds.");
    await expect(page.locator("#contact-form :focus")).toContainText("try again in 38 seconds.");
  });

  test("a network failure shows the destructive toast and keeps the values", {
    tag: widthFree,
  }, async ({ page, consoleWatch }) => {
    consoleWatch.allow(/ERR_CONNECTION_FAILED/);
    await page.route("**/functions/v1/submit-contact-form", (route) =>
      route.abort("connectionfailed"),
    );
    await fill(page, { name: "Ada", email: uniqueEmail("offline"), message: "Hello" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Error sending message" }),
    ).toBeVisible();
    await expect(page.locator("#contact-form").getByLabel("Email")).toHaveValue(/offline-/);
  });

  test("the server's 400 is shown at the field it names", { tag: widthFree }, async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 400/);
    const email = uniqueEmail("bad-site");
    // javascript: passes the browser's checks as text but not the server's URL rule.
    await page.route("**/functions/v1/submit-contact-form", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}");
      await route.continue({
        postData: JSON.stringify({ ...body, website: "javascript:alert(1)" }),
      });
    });
    await fill(page, { name: "Ada", email, message: "Hi", website: "https://ok.example" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const website = page.locator("#contact-form").getByLabel("Website");
    await expect(website).toHaveAttribute("aria-invalid", "true");
    await expect(website).toBeFocused();
    const describedBy = await website.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(
      "Enter a website address like www.example.com",
    );
    // On a phone too, the toast never covers the field the visitor is sent to.
    await expectUncovered(
      website,
      page.getByRole("alert").filter({ hasText: "Error sending message" }),
    );
    expect(contactMessagesFrom(email)).toHaveLength(0);
  });
});

test.describe("the form's code loads on first use", { tag: widthFree }, () => {
  const islandCode = "**/assets/contact-form-island-*.js";

  test("not with the page: only once a field gets focus", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/contact-form-island-/.test(request.url())) loaded.push(request.url());
    });
    await page.goto("/contact");
    await waitForHydration(page);
    await page.waitForTimeout(300);
    expect(loaded).toEqual([]);
    await page.locator("#contact-form").getByLabel(/^Name/).focus();
    await expect.poll(() => loaded.length).toBe(1);
  });

  test("also when the visitor was in a field before the page's script arrived", async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/contact-form-island-/.test(request.url())) loaded.push(request.url());
    });
    // The site script is held back until a field has focus.
    let release: () => void = () => {};
    const focused = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/site-*.js", async (route) => {
      await focused;
      await route.continue();
    });
    await page.goto("/contact");
    await page.locator("#contact-form").getByLabel(/^Name/).focus();
    release();
    await waitForHydration(page);
    await expect.poll(() => loaded.length).toBe(1);
  });

  test("on a contact page reached by a link too", async ({ page }) => {
    const email = uniqueEmail("navigated");
    await page.goto("/pricing");
    await waitForHydration(page);
    await followContactLink(page);
    await fill(page, { name: "Navigator", email, message: "Came by the menu." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
    expect(contactMessagesFrom(email)).toHaveLength(1);
  });

  test("a submit before it arrives is sent once it has, with everything typed", async ({
    page,
  }) => {
    const email = uniqueEmail("early");
    await page.route(islandCode, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto("/contact");
    await waitForHydration(page);
    await fill(page, { name: "Early Bird", email, message: "Typed before the code came." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
    const rows = contactMessagesFrom(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Early Bird", message: "Typed before the code came." });
  });

  test("if it cannot load, the browser posts the form; the kept values survive the code later", async ({
    page,
    consoleWatch,
  }) => {
    consoleWatch.allow(/Failed to load resource/);
    const email = uniqueEmail("fallback");
    await page.route(islandCode, (route) => route.abort("failed"));
    await page.goto("/contact");
    await waitForHydration(page);
    await fill(page, {
      name: "Fallback",
      email,
      message: "Posted by the browser.",
      website: "ftp://files.example",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?form=/);
    await expect
      .poll(() => summaryLinks(page))
      .toEqual([["#contact-form-website", "Enter a website address like www.example.com"]]);

    await page.unroute(islandCode);
    await waitForHydration(page);
    const form = page.locator("#contact-form");
    await form.getByLabel("Website").focus();
    // The form, hydrated over the served page, shows the same errors (no mismatch: the console stays clean).
    await expect(page.locator("#contact-form-website-error")).toHaveText(
      "Enter a website address like www.example.com",
    );
    await form.getByLabel("Website").fill("https://fallback.example");
    await expect(form.getByLabel("Message")).toHaveValue("Posted by the browser.");
    await expect(form.getByLabel(/^Name/)).toHaveValue("Fallback");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("dialog", { name: "Message Sent Successfully!" })).toBeVisible();
    expect(contactMessagesFrom(email)).toHaveLength(1);
    expect(contactMessagesFrom(email)[0]).toMatchObject({
      message: "Posted by the browser.",
      website: "https://fallback.example",
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a post is stored and the confirmation is in the first screen", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/contact");
    await fill(page, { name: "No Script", email, message: "Plain HTML works." });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1/);
    await expect(
      page.getByRole("status").filter({ hasText: "Message Sent Successfully!" }),
    ).toContainText("We'll get back to you within 24 hours");
    await expectInFirstScreen(page, '[data-form-status="success"]');
    expect(contactMessagesFrom(email)).toHaveLength(1);
  });

  test("an invalid post comes back with the error summary in the first screen and every value kept", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs-bad");
    await page.goto("/contact");
    await fill(page, {
      name: "No Script",
      email,
      message: "Line one\nLine <two>",
      website: "ftp://files.example",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?form=/);
    const summary = page.locator("#contact-form-errors");
    await expect(summary).toHaveAttribute("role", "alert");
    await expect(summary.getByRole("heading")).toHaveText("There is a problem");
    await expect
      .poll(() => summaryLinks(page))
      .toEqual([["#contact-form-website", "Enter a website address like www.example.com"]]);
    await expectInFirstScreen(page, "#contact-form-errors");

    const form = page.locator("#contact-form");
    const website = form.getByLabel("Website");
    await expect(form.getByLabel(/^Name/)).toHaveValue("No Script");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(website).toHaveValue("ftp://files.example");
    await expect(website).toHaveAttribute("aria-invalid", "true");
    await expect(website).toHaveAccessibleDescription(
      "Enter a website address like www.example.com",
    );
    await expect(form.getByLabel("Message")).toHaveValue("Line one\nLine <two>");
    // Drawn as refused: its border is not the colour of a field that is fine.
    const border = (label: string | RegExp) =>
      form.getByLabel(label).evaluate((field) => getComputedStyle(field).borderTopColor);
    expect(await border("Website")).not.toBe(await border(/^Name/));

    await summary.getByRole("link").click();
    await expect(page).toHaveURL(/#contact-form-website$/);
    await expect(website).toBeInViewport();
    expect(contactMessagesFrom(email)).toHaveLength(0);
  });

  test("a website typed without https:// is stored as the https address", {
    tag: widthFree,
  }, async ({ page }) => {
    const email = uniqueEmail("nojs-site");
    await page.goto("/contact");
    await fill(page, {
      name: "Sunday Flea",
      email,
      message: "Our site.",
      website: "sundayflea.com",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1/);
    expect(contactMessagesFrom(email)[0]).toMatchObject({ website: "https://sundayflea.com" });
  });
});

test.describe("without JavaScript, over the rate limit", { tag: widthFree }, () => {
  test.use({ javaScriptEnabled: false });

  // A server of its own with the rate limits on (the shared one runs without them).
  let dataDir: string;
  let server: RunningServer | undefined;
  test.beforeAll(async () => {
    // A start reads the whole build: on a busy machine that takes a while.
    test.setTimeout(90_000);
    dataDir = mkdtempSync(join(tmpdir(), "boothpilot-limit-"));
    server = await startServer(
      { ...(await ownServerEnv(dataDir)), RATE_LIMIT: "on" },
      { startMs: 60_000 },
    );
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the sixth post in a minute gets the page again: when to try again, values kept", async ({
    page,
    consoleWatch,
  }) => {
    // Six posts, each a full page answer.
    test.setTimeout(60_000);
    consoleWatch.allow(/status of 429/);
    const url = server?.url ?? "";
    const values = { name: "Busy Bee", email: uniqueEmail("limited"), message: "Sixth try." };
    for (let sent = 0; sent < 5; sent++) {
      const posted = await page.request.post(`${url}/functions/v1/submit-contact-form`, {
        form: { ...values, message: `Try ${sent}` },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(303);
    }
    await page.goto(`${url}/contact`);
    await fill(page, values);
    await page.getByRole("button", { name: "Send Message" }).click();
    const status = page.locator('[data-form-status="error"]');
    await expect(status).toHaveAttribute("role", "alert");
    await expect(status).toHaveText(
      /^You have sent several messages in a short time\. Your message is not sent yet: try again in \d+ seconds\.$/,
    );
    await expectInFirstScreen(page, '[data-form-status="error"]');
    const form = page.locator("#contact-form");
    await expect(form.getByLabel(/^Name/)).toHaveValue(values.name);
    await expect(form.getByLabel("Email")).toHaveValue(values.email);
    await expect(form.getByLabel("Message")).toHaveValue(values.message);
  });
});
