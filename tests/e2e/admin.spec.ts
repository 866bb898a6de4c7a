// The admin console as the team uses it, against the real server and database: signing in and out, a message
// sent through the real contact form in the inbox and opened by the e-mail's link, a failed e-mail marked, the
// analytics page, the page's headers, and axe on every screen.
import type { Page } from "@playwright/test";
import { adminErrors } from "../../contracts/admin-api.ts";
import { e2eAdmin, signIn, unique } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { contactMessagesFrom, markMailFailed } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

/** Sends a message through the contact page as a visitor does; returns its stored id. */
async function sendContactMessage(page: Page, name: string, message: string): Promise<string> {
  const email = `${unique("admin-e2e")}@example.com`;
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("#contact-form");
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Message").fill(message);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("dialog")).toContainText("Message Sent Successfully!");
  const [row] = contactMessagesFrom(email);
  if (!row) throw new Error("the message was not stored");
  return String(row.id);
}

/**
 * Sends a contact message from another page and holds the analytics load of the live update it causes until
 * `release`: the status of each held load once answered, and the DELETEs (sign-outs) the page sends meanwhile.
 */
async function holdNextLiveUpdate(
  page: Page,
): Promise<{ release: () => void; answers: number[]; signOuts: string[] }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const answers: number[] = [];
  await page.route("**/admin/api/analytics/breakdown?*", async (route) => {
    held = true;
    await released;
    const response = await route.fetch();
    answers.push(response.status());
    await route.fulfill({ response });
  });
  const signOuts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "DELETE") signOuts.push(request.url());
  });
  const visitor = await page.context().newPage();
  await sendContactMessage(visitor, `Ada ${unique("Lovelace")}`, "A live update to race.");
  await visitor.close();
  await expect.poll(() => held).toBe(true);
  return { release, answers, signOuts };
}

test("the console page is never indexed or cached, and runs under a strict CSP", async ({
  page,
}) => {
  for (const path of ["/admin", "/admin/messages/7d0f4a52-5a8b-4c3e-9d1f-2b6a8c9e0f11"]) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(headers["content-security-policy"]).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
  }
  // Only the console's screens are its page; anything else under /admin is the site's 404.
  expect((await page.request.get("/admin/settings")).status()).toBe(404);
  const slash = await page.request.get("/admin/", { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers().location).toBe("/admin");
  const api = await page.request.get("/admin/api/messages");
  expect(api.status()).toBe(401);
  expect(api.headers()["cache-control"]).toBe("no-store");
  // Nothing of the console leaks into the site's crawl rules or sitemap.
  expect(await (await page.request.get("/robots.txt")).text()).toContain("Disallow: /admin");
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain("/admin");
});

test("without a session /admin shows the sign-in form, with labelled fields", async ({ page }) => {
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await expect(page).toHaveTitle("Sign in · BoothPilot admin");
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  await expect(page.getByLabel("E-mail address")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  // The site's own header and footer are not part of the console.
  await expect(page.getByRole("link", { name: "Sign Up Free" })).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a wrong password is refused with an alert and focus back on the password", async ({
  page,
  consoleWatch,
}) => {
  // The browser logs the refused sign-in's 401 as a failed resource.
  consoleWatch.allow(/status of 401/);
  await page.goto("/admin");
  await waitForHydration(page);
  await page.getByLabel("E-mail address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill("not the admin password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(adminErrors.badCredentials);
  await expect(page.getByLabel("Password")).toBeFocused();
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

// SITE_URL is https here (its default): the session cookie is Secure and __Host-. Chromium keeps Secure cookies
// on plain http://127.0.0.1 and http://localhost (potentially trustworthy origins), so local use works.
for (const host of ["127.0.0.1", "localhost"]) {
  test(`over plain http on ${host} the Secure __Host- session cookie is kept and the session works`, async ({
    browser,
  }, testInfo) => {
    const port = new URL(String(testInfo.project.use.baseURL)).port;
    const context = await browser.newContext({ baseURL: `http://${host}:${port}` });
    try {
      const page = await context.newPage();
      await signIn(page);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "__Host-bp_admin_session")).toMatchObject({
        secure: true,
        httpOnly: true,
        path: "/",
        sameSite: "Strict",
      });
      // The device cookie that exempts this browser from the per-account sign-in limit (ADR 22).
      expect(cookies.find((cookie) => cookie.name === "__Secure-bp_admin_device")).toMatchObject({
        secure: true,
        httpOnly: true,
        path: "/admin/api/session",
        sameSite: "Strict",
      });
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test("signs in, finds a message sent through the contact form, opens it by the e-mail's link, signs out", async ({
  page,
}) => {
  const name = `Ada ${unique("Lovelace")}`;
  const id = await sendContactMessage(
    page,
    name,
    "We run a flea market of 120 booths.\nCan you help?",
  );

  await signIn(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  // The message just sent is unread: the tab counts it.
  await expect(page).toHaveTitle(/^\(\d+\) Inbox · BoothPilot admin$/);
  const table = page.getByRole("table", { name: /Messages \(spam left out\), newest first/ });
  const row = table.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("We run a flea market of 120 booths. Can you help?");
  // The e2e server has no SMTP: the message stays in the inbox only.
  await expect(row).toContainText("Not e-mailed");
  // Where the sender came from: the contact page opened directly.
  await expect(row.getByRole("cell", { name: "Direct", exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The link in the team's e-mail: SITE_URL/admin/messages/<id>, opened directly.
  await page.goto(`/admin/messages/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  // Other tests' messages may still be unread: the count is tested in admin-phone.spec.ts.
  await expect(page).toHaveTitle(
    new RegExp(`^(\\(\\d+\\) )?Message from ${name} · BoothPilot admin$`),
  );
  await expect(page.getByRole("region", { name: "Message" })).toContainText(
    "We run a flea market of 120 booths.\nCan you help?",
  );
  await expect(page.getByRole("region", { name: "Sender" })).toContainText(/@example\.com/);
  await expect(page.getByRole("region", { name: "E-mail to the team" })).toContainText(
    "This message was not e-mailed",
  );
  await expect(page.getByRole("region", { name: "Tracked visit" })).toContainText(
    "Landing page/contact",
  );
  await expectNoAxeViolations(page);

  // Back to the inbox through the console's own navigation: focus moves to the new page's heading.
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Inbox" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await table.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${id}$`));

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await page.goto(`/admin/messages/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a message whose e-mail failed is marked in the inbox and on its page", async ({ page }) => {
  const name = `Grace ${unique("Hopper")}`;
  const id = await sendContactMessage(page, name, "Please call me back about the card show.");
  markMailFailed(id, "550 5.7.1 Relaying denied for web@boothpilot.example");

  await signIn(page);
  await expect(page.getByText(/could not be e-mailed to the team/)).toBeVisible();
  const row = page.getByRole("table").getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("E-mail failed");

  await page.getByRole("link", { name: "Show the messages whose e-mail failed" }).click();
  await expect(page).toHaveURL(/\/admin\?status=all&mail=failed$|\/admin\?mail=failed&status=all$/);
  const failedTable = page.getByRole("table", { name: /All messages, e-mail: e-mail failed/ });
  await expect(failedTable.getByRole("row").filter({ hasText: name })).toBeVisible();
  await expect(failedTable).not.toContainText("Not e-mailed");

  await failedTable.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  const mail = page.getByRole("region", { name: "E-mail to the team" });
  await expect(mail).toContainText("The e-mail to the team failed");
  await expect(mail).toContainText("550 5.7.1 Relaying denied for web@boothpilot.example");
  await expect(mail).toContainText("Attempts214");
  // Without SMTP_URL there is nothing to resend with: the page says so instead of offering a button.
  await expect(mail).toContainText("Mail delivery is off on this server");
  await expect(mail.getByRole("button", { name: "Send the e-mail again" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("filters the inbox and shows an unknown message as not found", async ({
  page,
  consoleWatch,
}) => {
  consoleWatch.allow(/status of 404/);
  await signIn(page);
  await page.getByLabel("Spam", { exact: true }).selectOption("spam");
  await page.getByLabel("E-mail state").selectOption("none");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?status=spam&mail=none$/);
  await expect(page.getByRole("table", { name: /^Spam, e-mail: not e-mailed/ })).toBeVisible();
  await expect(page.getByLabel("Spam", { exact: true })).toHaveValue("spam");

  await page.goto("/admin/messages/7d0f4a52-5a8b-4c3e-9d1f-2b6a8c9e0f11");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message not shown");
  await expect(page.getByRole("alert")).toHaveText(adminErrors.messageNotFound);
});

test("an unread message is bold and counted; opening it reads it, and mark unread undoes it", async ({
  page,
}) => {
  const name = `Edsger ${unique("Dijkstra")}`;
  const id = await sendContactMessage(page, name, "Do you support corner booths?");
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: /^Inbox\s*\d+ unread$/ })).toBeVisible();
  const rowHeader = page.getByRole("table").getByRole("rowheader", { name: new RegExp(name) });
  await expect(rowHeader).toHaveAccessibleName(new RegExp(`^Unread message: ${name}`));
  const link = rowHeader.getByRole("link", { name, exact: true });
  const weight = () =>
    page
      .getByRole("table")
      .getByRole("row")
      .filter({ hasText: name })
      .locator("td")
      .last()
      .evaluate((cell) => Number(getComputedStyle(cell).fontWeight));
  expect(await weight()).toBeGreaterThanOrEqual(600);

  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  await nav.getByRole("link", { name: /^Inbox/ }).click();
  await expect(rowHeader).toHaveAccessibleName(new RegExp(`^${name}`));
  expect(await weight()).toBeLessThan(600);

  await page.goto(`/admin/messages/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Mark unread" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(page.getByRole("status").filter({ hasText: "Marked unread." })).toBeVisible();
  await expect(rowHeader).toHaveAccessibleName(new RegExp(`^Unread message: ${name}`));
});

test("searches, marks handled and spam, downloads the view as CSV, and deletes after confirming", async ({
  page,
}) => {
  const word = unique("zinnia");
  const name = `Grace ${unique("Hopper")}`;
  const id = await sendContactMessage(page, name, `Our ${word} fair has 80 booths, "indoors".`);
  await signIn(page);
  await page.getByLabel("Search", { exact: true }).fill(word.toUpperCase());
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${word.toUpperCase()}$`));
  const table = page.getByRole("table", {
    name: new RegExp(`matching “${word.toUpperCase()}”`, "i"),
  });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(name);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download these messages as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^boothpilot-inbox-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    `,"Our ${word} fair has 80 booths, ""indoors"".",no,no,no,none,direct,/contact,`,
  );

  await table.getByRole("link", { name }).click();
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("button", { name: "Mark not handled" })).toBeVisible();
  await page.getByRole("button", { name: "Mark spam" }).click();
  await expect(page.getByRole("button", { name: "Not spam" })).toBeVisible();
  await expect(page.getByText("Handled", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete…" }).click();
  const confirm = page.getByRole("region", { name: "Delete this message for good?" });
  await expect(confirm.getByRole("button", { name: "Delete the message" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete…" })).toBeFocused();
  await page.getByRole("button", { name: "Delete…" }).click();
  await confirm.getByRole("button", { name: "Delete the message" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  await expect(
    page.getByRole("status").filter({ hasText: `The message from ${name} was deleted.` }),
  ).toBeVisible();
  const gone = await page.request.get(`/admin/api/messages/${id}`);
  expect(gone.status()).toBe(404);
});

test.describe("analytics", () => {
  // Headless Chromium says so in its user agent, and the site counts it as a bot: this visitor is a person.
  test.use({
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });

  test("the analytics page shows where visits and messages come from", async ({ page }) => {
    // Six views of the page, each with its axe check: about 30 s on two busy cores.
    test.setTimeout(60_000);
    const campaign = unique("admin-e2e");
    // A visit as a visitor makes it: the site's own referrer tracking records it.
    await page.goto(`/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`);
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("referrer_tracked")))
      .toBe("true");

    await signIn(page, "/admin/analytics");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
    await expect(page).toHaveTitle(/^(\(\d+\) )?Analytics · BoothPilot admin$/);
    const period = page.getByRole("navigation", { name: "Period" });
    await expect(period.getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const caption of [
      "Visits and conversions by channel",
      "Referrer hosts",
      "Entry pages (landing)",
      "utm_source",
      "utm_medium",
      "Campaigns (utm_campaign)",
      "Top pages",
      "Goals: clicks on each call to action",
      "Devices",
      "Browsers",
      "Operating systems",
      "Countries",
      "Visits per day (UTC)",
    ]) {
      await expect(page.getByRole("table", { name: caption, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: "Entry pages (landing)" })).toContainText(
      "/pricing",
    );
    await expect(page.getByRole("table", { name: "Top pages" })).toContainText("/pricing");
    await expect(page.getByText("Sign-up clicks", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Campaigns (utm_campaign)" })).toContainText(
      campaign,
    );
    // The chart (uPlot, loaded by the console only) beside its table.
    await expect(page.getByRole("img", { name: /^Chart of visits per day/ })).toBeVisible();
    await expect(page.locator(".uplot canvas").first()).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Visits per day (UTC)" }).getByRole("row"),
    ).toHaveCount(31);
    await expectNoAxeViolations(page);

    await period.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?range=7d$/);
    await expect(
      page.getByRole("table", { name: "Visits per day (UTC)" }).getByRole("row"),
    ).toHaveCount(8);

    // A click on a campaign filters every panel and the URL; the chip removes it again.
    await page.getByRole("link", { name: `Filter by campaign ${campaign}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?range=7d&campaign=${campaign}$`));
    const chip = page.getByRole("link", { name: `Remove filter Campaign: ${campaign}` });
    await expect(chip).toBeVisible();
    const landing = page.getByRole("table", { name: "Entry pages (landing)" });
    await expect(landing.getByRole("row")).toHaveCount(2);
    await expect(landing).toContainText("/pricing");
    await expect(page.getByRole("table", { name: "utm_source" })).toContainText("newsletter");
    await expect(page.getByRole("table", { name: "utm_source" }).getByRole("row")).toHaveCount(2);
    await expect(
      page.getByRole("table", { name: "Visits and conversions by channel" }).getByRole("row"),
    ).toHaveCount(2);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download “Entry pages (landing)” as CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boothpilot-landing-[\d-]+-to-[\d-]+\.csv$/);
    const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString(
      "utf8",
    );
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Landing page,Visits,Pageviews,Sign-up clicks,Visits that clicked sign-up,Sign-up rate (%),Goal clicks," +
        "Messages,Visits that sent a message,Conversion rate (%)," +
        '"Visits, previous period","Sign-up clicks, previous period","Messages, previous period"',
    );
    // One visit and its pageview of /pricing (the keepalive call may still be on its way: 0 or 1).
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^\/pricing,1,[01],0,0,0,0,0,0,0,0,0,0$/),
    ]);

    await chip.click();
    await expect(page).toHaveURL(/\/admin\/analytics\?range=7d$/);
    await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);

    // Today is charted per UTC hour beside yesterday's hours; this test's visit is among them.
    await period.getByRole("link", { name: "Today" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?range=today$/);
    const hours = page.getByRole("table", { name: "Visits per hour (UTC)" });
    await expect(hours.getByRole("row")).toHaveCount(25);
    await expect(hours.getByRole("rowheader").first()).toHaveText("00:00");
    await expect(
      page.getByRole("img", { name: /^Chart of visits per hour: [1-9]\d* in/ }),
    ).toBeVisible();
    await expect(page.locator(".uplot canvas").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a newsletter link opened through a Google redirect is Email, on the analytics page and on its message", async ({
    page,
  }) => {
    // The tags say e-mail and the referrer says Google search: the tags win. Taken from the referrer, the visit
    // and its message would read "Organic Search".
    const campaign = unique("newsletter");
    await page.goto(`/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, {
      referer: "https://www.google.com/",
    });
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("referrer_tracked")))
      .toBe("true");
    const name = `Ada ${unique("Newsletter")}`;
    const id = await sendContactMessage(page, name, "Your newsletter brought me here.");

    // This visit alone, by its campaign: one channel row, Email, with its visit and its message.
    await signIn(page, `/admin/analytics?range=today&campaign=${campaign}`);
    const channels = page.getByRole("table", { name: "Visits and conversions by channel" });
    await expect(channels.getByRole("row")).toHaveCount(2);
    const email = channels
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Filter by channel Email", exact: true }) });
    // Visits, change, sign-up clicks, sign-up rate, messages.
    await expect(email.getByRole("cell").first()).toHaveText("1");
    await expect(email.getByRole("cell").nth(4)).toHaveText("1");
    await expect(channels).not.toContainText("Organic Search");
    // The referrer still names Google, in its own panel.
    await expect(
      page
        .getByRole("table", { name: "Referrer hosts" })
        .getByRole("link", { name: "Filter by site Google", exact: true }),
    ).toBeVisible();

    await page.goto(`/admin/messages/${id}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
    const visit = page.getByRole("region", { name: "Tracked visit" });
    const field = (term: string) =>
      visit
        .locator("div")
        .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole("definition");
    await expect(field("Channel")).toHaveText("Email");
    await expect(field("Campaign")).toHaveText(campaign);
    await expect(field("Referrer")).toHaveText("www.google.com");
  });

  test("a panel with 30 campaigns shows the first 10 and all 30 on request", async ({ page }) => {
    // Thirty visits from one site of this test's own, each with a campaign of its own (another run's campaigns
    // never outnumber another test's in the unfiltered panel), as the site's script records them.
    const site = `${unique("referrer")}.example`;
    const prefix = unique("campaign");
    for (let index = 1; index <= 30; index++) {
      const response = await page.request.post("/functions/v1/track-referrer", {
        data: {
          session_id: crypto.randomUUID(),
          referrer: `https://${site}/`,
          page_url: `http://127.0.0.1/?utm_campaign=${prefix}-${String(index).padStart(2, "0")}`,
          user_agent:
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
        },
      });
      expect(response.status()).toBe(200);
    }
    await signIn(page, `/admin/analytics?range=today&host=${site}`);
    const campaigns = page.getByRole("table", { name: "Campaigns (utm_campaign)" });
    // The panel: its table, the count of rows not shown and the control (the innermost element holding them).
    const panel = page
      .locator("div")
      .filter({ has: page.getByRole("region", { name: "Campaigns (utm_campaign)" }) })
      .last();
    // A header row and the first 10.
    await expect(campaigns.getByRole("row")).toHaveCount(11);
    await expect(panel.getByText("20 more rows not shown.")).toBeVisible();
    const toggle = panel.getByRole("button", { name: "Show all 30" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(campaigns.getByRole("row")).toHaveCount(31);
    await expect(campaigns).toContainText(`${prefix}-30`);
    await expect(panel.getByRole("button", { name: "Show the first 10" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  });

  test("the custom days follow the range and can be set right; hosts are summed per site", async ({
    page,
    consoleWatch,
  }) => {
    // Two visits from Facebook's hosts, each in a tab of its own (one visit a tab session), with a campaign of this
    // run's: the report below is filtered by it, so other runs' visits from Facebook are not counted.
    const campaign = unique("facebook-ads");
    for (const referer of ["https://m.facebook.com/", "https://l.facebook.com/"]) {
      const tab = await page.context().newPage();
      await tab.goto(`/?utm_campaign=${campaign}`, { referer });
      await waitForHydration(tab);
      await expect
        .poll(() => tab.evaluate(() => sessionStorage.getItem("referrer_tracked")))
        .toBe("true");
      await tab.close();
    }
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await signIn(page, `/admin/analytics?campaign=${campaign}`);
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });
    await expect(from).toHaveValue(day(29));
    const period = page.getByRole("navigation", { name: "Period" });
    await period.getByRole("link", { name: "Last 7 days" }).click();
    await expect(from).toHaveValue(day(6));
    await expect(to).toHaveValue(day(0));
    await period.getByRole("link", { name: "Today" }).click();
    await expect(from).toHaveValue(day(0));

    // Days the wrong way round: the picker stays, with the reason beside the inputs, to set them right.
    consoleWatch.allow(/status of 400/);
    await to.fill(day(1));
    await page.getByRole("button", { name: "Show these days" }).click();
    const refused = "These days cannot be shown: from must not be after to.";
    await expect(page.getByRole("alert")).toHaveText(refused);
    await expect(from).toHaveAccessibleDescription(refused);
    await expect(to).toHaveAccessibleDescription(refused);
    await expect(to).toHaveValue(day(1));
    await from.fill(day(1));
    await to.fill(day(0));
    await page.getByRole("button", { name: "Show these days" }).click();
    await expect(
      page.getByRole("table", { name: "Visits per day (UTC)" }).getByRole("row"),
    ).toHaveCount(3);
    await expect(page.getByRole("alert")).toHaveCount(0);

    // One row for Facebook; its hosts show on demand, and the row filters by all of them.
    const hosts = page.getByRole("table", { name: "Referrer hosts" });
    const showHosts = hosts.getByRole("button", { name: "Show hosts of Facebook" });
    const visitsOf = (name: string) =>
      hosts
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name, exact: true }) })
        .getByRole("cell")
        .first();
    await expect(visitsOf("Filter by site Facebook")).toHaveText("2");
    await expect(showHosts).toHaveAttribute("aria-expanded", "false");
    await showHosts.click();
    await expect(showHosts).toHaveAttribute("aria-expanded", "true");
    for (const host of ["m.facebook.com", "l.facebook.com"]) {
      await expect(visitsOf(`Filter by host ${host}`)).toHaveText("1");
    }
    await hosts.getByRole("link", { name: "Filter by site Facebook" }).click();
    await expect(page).toHaveURL(
      new RegExp(`&host=[lm]\\.facebook\\.com&host=[lm]\\.facebook\\.com&campaign=${campaign}$`),
    );
    for (const host of ["m.facebook.com", "l.facebook.com"]) {
      await expect(page.getByRole("link", { name: `Remove filter Host: ${host}` })).toBeVisible();
    }
  });
});

test("a message sent through the public form appears in an open console within 5 seconds, without a reload", async ({
  page,
}) => {
  await signIn(page, "/admin?status=all");
  const live = page.getByRole("banner").getByRole("status");
  await expect(live).toHaveText("Live");
  await expectNoAxeViolations(page);
  // A reload would lose this mark.
  await page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });

  const visitor = await page.context().newPage();
  const name = `Grace ${unique("Hopper")}`;
  await sendContactMessage(visitor, name, "Live in the console, please.");
  await visitor.close();

  const table = page.getByRole("table", { name: /newest first/ });
  await expect(table.getByRole("row").filter({ hasText: name })).toBeVisible({ timeout: 5_000 });
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The filter in the URL stayed.
  await expect(page).toHaveURL(/\/admin\?status=all$/);
});

test("signing out while a live update is loading waits for it: no request reaches the server signed out", async ({
  page,
}) => {
  await signIn(page, "/admin/analytics?days=7");
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Live");

  const { release, answers, signOuts } = await holdNextLiveUpdate(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Signing out..." })).toBeDisabled();
  expect(signOuts, "the session ends only after the load under way").toEqual([]);
  release();
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  expect(signOuts).toHaveLength(1);
  // Every held load was answered while signed in (a 401 would also fail the test as a console error).
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
});

test("a session left unused while a live update is loading ends after it: no request reaches the server signed out", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, "/admin/analytics?days=7");
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Live");

  const { release, answers, signOuts } = await holdNextLiveUpdate(page);

  // Half an hour without a key or a click: the session ends, but only after the load under way.
  await page.clock.fastForward("30:30");
  expect(signOuts, "the session ends only after the load under way").toEqual([]);
  release();
  await expect(page.getByRole("status")).toHaveText(
    "Your session has ended. Sign in again to return to this page.",
  );
  expect(signOuts).toHaveLength(1);
  // Every held load was answered while signed in (a 401 would also fail the test as a console error).
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
});

test("a session left unused ends: back to the sign-in, and signing in again returns to the same view", async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, "/admin/analytics?days=7");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  // Half an hour without a key or a click (the 30-second look fires at the end of the jump).
  await page.clock.fastForward("30:30");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await expect(page.getByRole("status")).toHaveText(
    "Your session has ended. Sign in again to return to this page.",
  );
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  // Ended on the server too.
  expect((await page.request.get("/admin/api/messages")).status()).toBe(401);

  await page.getByLabel("E-mail address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  await expectNoAxeViolations(page);
});
