// Inviting a viewer as an owner does at 1280 px, on a server of its own that e-mails through a real SMTP peer: the
// invitation from the Team page, its link opened from the e-mail, a password set, the viewer signed in and offered
// no triage or Delete on a message; then two-step sign-in set up on the Account page and a sign-in with a recovery
// code. Axe on the Team, link and Account pages.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminErrors } from "../../contracts/admin-api.ts";
import { functionNames, functionPath } from "../../contracts/functions.ts";
import { teamApiPaths } from "../../contracts/team.ts";
import { totpCode } from "../../server/admin/two-step.ts";
import { freePort, type RunningServer, startServer } from "../../server/test/server-process.ts";
import { TestSmtp } from "../../server/test/smtp.ts";
import { e2eAdmin, signIn, unique } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

test.describe("the team", () => {
  // In order: the second test turns on the owner's two-step sign-in, which the first signs in without.
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let smtp: TestSmtp;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "boothpilot-team-"));
    smtp = await TestSmtp.start();
    server = await startServer({
      PATH: process.env.PATH ?? "",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RATE_LIMIT: "off",
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      ...smtp.mailEnv(),
    });
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("an owner invites a viewer by e-mail; the viewer sets a password and sees no Delete", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const url = server?.url ?? "";
    const viewer = `${unique("viewer")}@example.com`;
    const sender = unique("Sender");
    const sent = await page.request.post(`${url}${functionPath(functionNames.submitContactForm)}`, {
      data: {
        name: sender,
        email: "organizer@example.com",
        phone: "",
        business_name: "",
        website: "",
        message: "We run a market of 80 booths.",
      },
    });
    expect(sent.status()).toBe(200);

    await signIn(page, `${url}/admin`);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Team" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team");
    await page.getByLabel("E-mail address").fill(viewer);
    await page.getByLabel("Role", { exact: true }).selectOption("viewer");
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByRole("status").filter({ hasText: "e-mailed" })).toHaveText(
      `The link was e-mailed to ${viewer}.`,
    );
    await expect(page.getByText(`Invited as Viewer`)).toBeVisible();
    await expectNoAxeViolations(page);

    await expect
      .poll(() => smtp.received.some((mail) => mail.envelope.to.includes(viewer)))
      .toBe(true);
    const mail = smtp.received.find((received) => received.envelope.to.includes(viewer));
    const link = /\/admin\/join#[\w-]{43}/.exec(mail?.raw.replace(/=\r?\n/g, "") ?? "")?.[0];
    expect(link).toBeDefined();

    // The viewer, in a browser of their own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const theirs = await context.newPage();
    await theirs.goto(`${url}${link}`);
    await waitForHydration(theirs);
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("Set your password");
    await expect(theirs.getByText("You are invited to the console as Viewer.")).toBeVisible();
    await expect(theirs.getByLabel("E-mail address")).toHaveValue(viewer);
    await expectNoAxeViolations(theirs);
    await theirs.getByLabel("Your name").fill("Dana");
    await theirs.getByLabel(/New password/).fill("password1234");
    await theirs.getByRole("button", { name: "Set password" }).click();
    await expect(theirs.getByText(/commonly used password/)).toBeVisible();
    await theirs.getByLabel(/New password/).fill("violet kayaks cross the fjord 71");
    await theirs.getByRole("button", { name: "Set password" }).click();
    await expect(theirs.getByRole("status")).toHaveText("Your password is set.");

    await theirs.getByRole("link", { name: "Sign in to the console" }).click();
    await theirs.getByLabel("E-mail address").fill(viewer);
    await theirs.getByLabel("Password").fill("violet kayaks cross the fjord 71");
    await theirs.getByRole("button", { name: "Sign in" }).click();
    await expect(theirs.getByRole("button", { name: "Sign out" })).toBeVisible();
    const nav = theirs.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);

    await theirs
      .getByRole("link", { name: new RegExp(sender) })
      .first()
      .click();
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText(`Message from ${sender}`);
    await expect(theirs.getByText("We run a market of 80 booths.")).toBeVisible();
    await expect(theirs.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await expect(theirs.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
    await expect(theirs.getByRole("button", { name: "Mark spam" })).toHaveCount(0);
    await context.close();

    // The owner sees the new person and what happened.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByText(`Dana (${viewer})`, { exact: true })).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: "Joined as Viewer by Dana, just now" }),
    ).toBeVisible();
    // The owner triages the message; its page shows who did it.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /Inbox/ })
      .click();
    await page
      .getByRole("link", { name: new RegExp(sender) })
      .first()
      .click();
    await page.getByRole("button", { name: "Mark handled" }).click();
    const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(
      history.filter({ hasText: `Marked handled by ${e2eAdmin.email}, just now` }),
    ).toBeVisible();

    // Neither the link's token nor the password reached the server's log.
    const log = server?.output() ?? "";
    expect(log).toContain(`"url":"${teamApiPaths.linkAccept}"`);
    expect(log).not.toContain(link?.slice(link.indexOf("#") + 1));
    expect(log).not.toContain("violet kayaks");
  });

  test("an owner sets up two-step sign-in, then signs in with the code field and a recovery code", async ({
    page,
    consoleWatch,
  }) => {
    // The browser logs the sign-in's 401 that asks for the code as a failed resource.
    consoleWatch.allow(/status of 401/);
    const url = server?.url ?? "";
    await signIn(page, `${url}/admin`);
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Account" })
      .click();
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code of your two-step key" })).toBeVisible();
    const key = (await page.locator("code").innerText()).trim();
    expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    await expectNoAxeViolations(page);
    await page.getByLabel("Code from your app").fill(totpCode(key.replaceAll(" ", ""), Date.now()));
    await page.getByRole("button", { name: "Confirm" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.nth(0).innerText();
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(
      page.getByText("Two-step sign-in is on: signing in asks for a code from your app."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("E-mail address").fill(e2eAdmin.email);
    await page.getByLabel("Password").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(adminErrors.codeRequired);
    const code = page.getByLabel("Code from your authenticator app");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await code.fill(recovery);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    // Neither the key nor a recovery code reached the server's log.
    const log = server?.output() ?? "";
    expect(log).not.toContain(key.replaceAll(" ", ""));
    expect(log).not.toContain(recovery);
  });
});
