// The console in production reached over plain HTTP by a name other than localhost (a proxy without TLS, say):
// the sign-in is refused and the form says HTTPS is needed, instead of coming back without a word. A server of the
// test's own in production, and Chromium told that the name is this machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminErrors } from "../../contracts/admin-api.ts";
import { chromiumLaunchOptions } from "../../playwright.config.ts";
import { type RunningServer, startServer } from "../../server/test/server-process.ts";
import { e2eAdmin, ownServerEnv } from "./admin-account.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

const hostName = "console.fairgrounds.test";

test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--host-resolver-rules=MAP ${hostName} 127.0.0.1`],
  },
});

test.describe("sign-in over plain HTTP in production", () => {
  let dataDir: string;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    dataDir = mkdtempSync(join(tmpdir(), "boothpilot-https-"));
    server = await startServer(
      { ...(await ownServerEnv(dataDir)), NODE_ENV: "production" },
      { startMs: 45_000 },
    );
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("shows the refusal naming HTTPS in the form's alert", async ({ page, consoleWatch }) => {
    // The browser logs the refused sign-in's 403 as a failed resource.
    consoleWatch.allow(/status of 403/);
    // Over plain HTTP to a name that is not localhost the browser ignores the console's COOP, and says so.
    consoleWatch.allow(/Cross-Origin-Opener-Policy header has been ignored/);
    const port = new URL(server?.url ?? "").port;
    await page.goto(`http://${hostName}:${port}/admin`);
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(e2eAdmin.email);
    await page.getByLabel("Password").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(adminErrors.httpsRequired);
    await expect(page.getByRole("alert")).toContainText("HTTPS");
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  });
});
