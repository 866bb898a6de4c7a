// The console's live indicator through a server restart: a server this test starts, stops and starts again on the
// same port and data folder (not Playwright's webServer, which must stay up), with axe in both states.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type RunningServer, startServer } from "../../server/test/server-process.ts";
import { e2eAdmin } from "./admin-account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";

test.describe("the live indicator", () => {
  // One server of its own, in the desktop project only (playwright.config.ts).

  let dataDir: string;
  let server: RunningServer | undefined;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "boothpilot-live-"));
    env = {
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RATE_LIMIT: "off",
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
    };
    server = await startServer(env);
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("shows Reconnecting while the server restarts and Live again after", async ({
    page,
    consoleWatch,
  }) => {
    test.setTimeout(60_000);
    // The browser logs the refused connections while the server is down.
    consoleWatch.allow(/ERR_CONNECTION_REFUSED|Failed to load resource|EventSource/);
    const url = server?.url ?? "";
    await page.goto(`${url}/admin/analytics?days=7`);
    await waitForHydration(page);
    await page.getByLabel("E-mail address").fill(e2eAdmin.email);
    await page.getByLabel("Password").fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    const live = page.getByRole("banner").getByRole("status");
    await expect(live).toHaveText("Live");
    await expect(page.getByText(/Visitors now \(last 5 minutes\): \d+/)).toBeVisible();
    await expectNoAxeViolations(page);

    // The server stops (its open stream does not hold the stop) ...
    server?.child.kill("SIGTERM");
    expect(await server?.exited).toBe(0);
    await expect(live).toHaveText(/^Reconnecting in \d+ s$/);
    await expectNoAxeViolations(page);

    // ... and comes back on the same port and data: the console is live again, same session, same view.
    server = await startServer(env);
    await expect(live).toHaveText("Live", { timeout: 20_000 });
    await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  });
});
