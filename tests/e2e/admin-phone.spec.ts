// The console on a phone (390 px, and 360 and 430 where the layout could break): every view fits the screen with
// no sideways scrolling and no text past its edge, axe clean; the header's menu; the inbox's cards; selecting
// several messages to mark handled or delete (one confirmation); the unread count in the tab's title.
import type { Page } from "@playwright/test";
import { signIn, unique } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { contactMessagesFrom } from "./database.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

// A person's browser: headless Chromium's own user agent is counted as a bot's visit.
const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent });

/**
 * Stores a message as the site's scripts send one: a tracked visit (with a campaign when given), then the contact
 * form's post from the same session. Returns the message's id.
 */
async function sendMessage(
  page: Page,
  name: string,
  message: string,
  campaign?: string,
): Promise<string> {
  const email = `${unique("phone-e2e")}@example.com`;
  const sessionId = crypto.randomUUID();
  const query = campaign ? `?utm_source=newsletter&utm_campaign=${campaign}` : "";
  const visit = await page.request.post("/functions/v1/track-referrer", {
    data: {
      session_id: sessionId,
      referrer: "direct",
      page_url: `http://127.0.0.1/pricing${query}`,
      user_agent: userAgent,
    },
  });
  expect(visit.status()).toBe(200);
  const sent = await page.request.post("/functions/v1/submit-contact-form", {
    data: {
      name,
      email,
      phone: "",
      business_name: "",
      website: "",
      message,
      session_id: sessionId,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const [row] = contactMessagesFrom(email);
  if (!row) throw new Error("the message was not stored");
  return String(row.id);
}

/**
 * The page fits the screen: nothing scrolls sideways, and no visible text reaches past the right edge. Checked
 * again until it holds (5 s at most): after a change of width the chart follows a frame later, from its observer.
 */
async function expectFitsTheScreen(page: Page, what: string): Promise<void> {
  await expect(async () => {
    await fitsTheScreen(page, what);
  }).toPass({ timeout: 5_000 });
}

async function fitsTheScreen(page: Page, what: string): Promise<void> {
  const found = await page.evaluate(() => {
    const edge = window.innerWidth;
    const beyond: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>("*")) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader text is clipped to a pixel: nobody sees it.
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > edge + 0.5) {
        beyond.push(
          `<${element.localName}> "${element.textContent?.trim().slice(0, 40)}" ends at ${Math.round(box.right)}`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: edge, beyond };
  });
  // A phone zooms out to show a page wider than itself: the window must still be the phone's width.
  expect(found.innerWidth, `${what}: the window's width`).toBe(page.viewportSize()?.width);
  expect(found.scrollWidth, `${what}: the page's width`).toBeLessThanOrEqual(found.innerWidth);
  expect(found.beyond, `${what}: text past the right edge`).toEqual([]);
}

/** The same check at the narrowest and widest phones too; back to 390 px after. */
async function expectFitsEveryPhone(page: Page, what: string): Promise<void> {
  for (const width of [360, 430, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectFitsTheScreen(page, `${what} at ${width} px`);
  }
}

test("every console view fits a phone, with no sideways scrolling and no text cut off, and axe is clean", async ({
  page,
}) => {
  // Six views and their menus, each with its axe check, on two busy cores.
  test.setTimeout(120_000);
  const campaign = unique("autumn-fairs");
  const name = `Maria-Concepción ${unique("Álvarez-Fernández")}`;
  const id = await sendMessage(
    page,
    name,
    "We organise a Sunday flea market of 140 booths along the river and would like to see the venue map.",
    campaign,
  );

  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await expectFitsEveryPhone(page, "sign-in");
  await expectNoAxeViolations(page);

  await signIn(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
  // A list of cards, not a table: each with the sender, the first line, the campaign, the time and the state.
  await expect(page.getByRole("table")).toHaveCount(0);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("We organise a Sunday flea market of 140 booths");
  await expect(card).toContainText(` · ${campaign}`);
  await expect(card.locator("time")).toBeVisible();
  await expect(card).toContainText("Unread");
  await expect(card).toContainText("Not e-mailed");
  const nameWeight = await card
    .getByRole("link", { name })
    .evaluate((link) => Number(getComputedStyle(link).fontWeight));
  expect(nameWeight).toBeGreaterThanOrEqual(600);
  await expectFitsEveryPhone(page, "inbox");
  await expectNoAxeViolations(page);

  // The filters wait behind their button; opened, they fit too.
  await expect(page.getByLabel("Search", { exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Search and filters" }).click();
  await expect(page.getByLabel("Search", { exact: true })).toBeVisible();
  await expectFitsEveryPhone(page, "inbox with its filters");

  // The header's menu, open.
  await page.getByRole("button", { name: /^Menu/ }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectFitsEveryPhone(page, "inbox with the menu open");
  await expectNoAxeViolations(page);

  await page.goto(`/admin/messages/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  await expectFitsEveryPhone(page, "a message's page");
  await expectNoAxeViolations(page);

  // Filtered by the campaign: the panel shows its row however many other campaigns the server has counted today.
  await page.goto(`/admin/analytics?range=today&campaign=${campaign}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  await expect(page.locator(".uplot canvas").first()).toBeVisible();
  // The panels stack and keep the conversion: the campaign's row shows its visit, sign-up rate and conversion.
  const campaigns = page.getByRole("table", { name: "Campaigns (utm_campaign)" });
  await expect(campaigns.getByRole("columnheader", { name: "Conversion" })).toBeVisible();
  await expect(campaigns.getByRole("columnheader", { name: "Sign-up rate" })).toBeVisible();
  await expect(campaigns.getByRole("columnheader", { name: "Change" })).toBeHidden();
  // What is shown (hidden cells left out): the campaign, 1 visit, no sign-up, 1 message in 1 visit.
  const row = campaigns.getByRole("row").filter({ hasText: campaign });
  await expect(row).toHaveText(new RegExp(`^\\s*${campaign}\\s*1\\s*0\\.0%\\s*100\\.0%\\s*$`), {
    useInnerText: true,
  });
  await expectFitsEveryPhone(page, "analytics");
  await expectNoAxeViolations(page);

  // The team's pages: people, invitations and activity (owners), and one's own password and two-step sign-in.
  await page.goto("/admin/team");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
  await expectFitsEveryPhone(page, "the team");
  await expectNoAxeViolations(page);

  await page.goto("/admin/account");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expectFitsEveryPhone(page, "the account");
  await expectNoAxeViolations(page);
});

test("the header folds into a menu: a button that says whether it is open, closed by Escape or by going to a page", async ({
  page,
}) => {
  await signIn(page);
  const menuButton = page.getByRole("button", { name: /^Menu/ });
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();

  // By keyboard: Enter opens it, Tab reaches its links, Escape closes it and gives focus back to the button.
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: /^Inbox/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A link in it goes to its page and the menu closes behind it.
  await menuButton.click();
  await nav.getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();

  await menuButton.click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
});

test("selects several messages to mark them handled, and deletes several after one confirmation", async ({
  page,
}) => {
  const word = unique("marigold");
  const names = ["Ada", "Grace", "Edsger"].map((first) => `${first} ${unique("Phone")}`);
  const ids: string[] = [];
  for (const name of names) ids.push(await sendMessage(page, name, `About the ${word} fair.`));
  const [ada, grace, edsger] = names as [string, string, string];

  await signIn(page);
  await page.getByRole("button", { name: "Search and filters" }).click();
  await page.getByLabel("Search", { exact: true }).fill(word);
  await page.getByRole("button", { name: "Show" }).click();
  const cards = page.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const card = (name: string) => cards.filter({ hasText: name });
  const select = (name: string) =>
    page.getByRole("checkbox", { name: `Select the message from ${name}` });

  const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
  await select(ada).check();
  await select(grace).check();
  await expect(page.getByText("2 messages selected")).toBeVisible();
  // Two of three: "Select all" is neither checked nor clear.
  await expect(selectAll).toHaveJSProperty("indeterminate", true);
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "2 messages marked handled." }),
  ).toBeVisible();
  await expect(card(ada)).toContainText("Handled");
  await expect(card(grace)).toContainText("Handled");
  await expect(card(edsger)).not.toContainText("Handled");
  await expect(select(ada)).not.toBeChecked();

  // Deleting asks once; keeping them changes nothing.
  await select(ada).check();
  await select(edsger).check();
  await page.getByRole("button", { name: "Delete…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete 2 messages for good?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete 2 messages" })).toBeFocused();
  await expectFitsEveryPhone(page, "the delete dialog");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Keep them" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete…" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Delete…" })).toBeFocused();
  await expect(cards).toHaveCount(3);

  await page.getByRole("button", { name: "Delete…" }).click();
  await dialog.getByRole("button", { name: "Delete 2 messages" }).click();
  await expect(page.getByRole("status").filter({ hasText: "2 messages deleted." })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(grace);
  for (const [index, status] of [
    [0, 404],
    [1, 200],
    [2, 404],
  ] as const) {
    expect((await page.request.get(`/admin/api/messages/${ids[index]}`)).status()).toBe(status);
  }
});

test("marks several messages spam: the selection follows a deletion elsewhere, and a failed one is named", async ({
  page,
  consoleWatch,
}) => {
  // The request cut off below, as the browser logs it.
  consoleWatch.allow(/ERR_FAILED/);
  const word = unique("dahlia");
  const names = ["Hedy", "Katherine", "Mary"].map((first) => `${first} ${unique("Phone")}`);
  const ids: string[] = [];
  for (const name of names)
    ids.push(await sendMessage(page, name, `Tickets for the ${word} fair?`));
  const [hedy, katherine, mary] = names as [string, string, string];

  await signIn(page, `/admin?q=${word}`);
  const cards = page.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select all on this page" }).check();
  await expect(
    page.getByRole("checkbox", { name: `Select the message from ${hedy}` }),
  ).toBeChecked();
  await expect(page.getByText("3 messages selected")).toBeVisible();

  // Another member of the team deletes one: the live stream takes it off the page and out of the selection.
  const erased = await page.evaluate(
    (id) =>
      fetch(`/admin/api/messages/${id}`, {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: "{}",
      }).then((response) => response.status),
    ids[0],
  );
  expect(erased).toBe(204);
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("2 messages selected")).toBeVisible();

  // The connection drops for one of the two requests: the other is done, and the reader is told.
  await page.route(`**/admin/api/messages/${ids[2]}/spam`, (route) => route.abort());
  await page.getByRole("button", { name: "Mark spam" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "1 message marked spam; 1 message not changed: The server could not be reached. Check the connection and try again.",
  );
  // This view leaves spam out: only the one not changed is listed.
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(mary);
  await page.goto(`/admin?status=spam&q=${word}`);
  await waitForHydration(page);
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(katherine);
});

test("the tab's title counts the unread messages, and follows a new one and one opened", async ({
  page,
}) => {
  const unread = async () => {
    const response = await page.request.get("/admin/api/messages?limit=1");
    return ((await response.json()) as { unreadCount: number }).unreadCount;
  };
  // Other tests send and read messages meanwhile: the title is compared with the count at the same moment.
  const titleAndCount = async () => `${await page.title()} | ${await unread()} unread`;
  const name = `Barbara ${unique("Liskov")}`;
  const id = await sendMessage(page, name, "How do vendors pick their booths?");

  await signIn(page);
  await expect.poll(titleAndCount).toMatch(/^\((\d+)\) Inbox · BoothPilot admin \| \1 unread$/);
  // A message arriving while the inbox is open is shown and counted without a reload (once the live stream is
  // connected). Other tests read messages meanwhile, so the title is compared with the count, not with before.
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Live");
  await page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });
  const tim = `Tim ${unique("Berners-Lee")}`;
  await sendMessage(page, tim, "Do you have a public venue map?");
  await expect(page.getByRole("listitem").filter({ hasText: tim })).toBeVisible();
  await expect.poll(titleAndCount).toMatch(/^\((\d+)\) Inbox · BoothPilot admin \| \1 unread$/);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await page.goto(`/admin/messages/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from ${name}`);
  await expect
    .poll(titleAndCount)
    .toMatch(new RegExp(`^\\((\\d+)\\) Message from ${name} · BoothPilot admin \\| \\1 unread$`));
});

test("a message read while the live stream connects is shown read, and the title follows", async ({
  page,
}) => {
  const name = `Frances ${unique("Allen")}`;
  const id = await sendMessage(page, name, "Can vendors pay their booth fee by card?");
  // The stream is held back until the inbox has loaded, and the message is read in between (a teammate).
  let openStream = () => {};
  const streamHeld = new Promise<void>((resolve) => {
    openStream = resolve;
  });
  await page.route("**/admin/api/events", async (route) => {
    await streamHeld;
    await route.continue();
  });
  await signIn(page, `/admin?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("Unread message:");
  const read = await page.evaluate(
    (messageId) =>
      fetch(`/admin/api/messages/${messageId}/read`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }).then((response) => response.status),
    id,
  );
  expect(read).toBe(200);
  openStream();
  await expect(page.getByRole("banner").getByRole("status")).toHaveText("Live");
  await expect(card).not.toContainText("Unread");
  // Other tests read messages meanwhile: the title is compared with the count at the same moment.
  await expect
    .poll(async () => {
      const response = await page.request.get("/admin/api/messages?limit=1");
      const { unreadCount } = (await response.json()) as { unreadCount: number };
      const inTitle = /^\((\d+)\) Inbox · /.exec(await page.title())?.[1] ?? "none";
      return `${inTitle} in the title, ${unreadCount} unread`;
    })
    .toMatch(/^(\d+) in the title, \1 unread$/);
});
