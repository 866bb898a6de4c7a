// The e2e server's admin account: playwright.config.ts starts the server with it, the specs sign in with it.
import type { Page } from "@playwright/test";
import { freePort } from "../../server/test/server-process.ts";
import { expect, waitForHydration } from "./fixtures.ts";
export const e2eAdmin = {
  email: "admin@boothpilot.example",
  password: "e2e admin passphrase, not a real one",
} as const;

/** A value no other test or run uses (a campaign, an address). */
export const unique = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Signs in through the console's form as the team does, landing on `path`. */
export async function signIn(page: Page, path = "/admin"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the admin console");
  await page.getByLabel("E-mail address").fill(e2eAdmin.email);
  await page.getByLabel("Password").fill(e2eAdmin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // On a phone "Sign out" waits in the header's menu.
  await expect(
    page.getByRole("button", { name: "Sign out" }).or(page.getByRole("button", { name: /^Menu/ })),
  ).toBeVisible();
}

/** The environment of a server a spec starts for itself: a free port on loopback, this folder, the admin account. */
export async function ownServerEnv(dataDir: string): Promise<Record<string, string>> {
  return {
    PATH: process.env.PATH ?? "",
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    RATE_LIMIT: "off",
    ADMIN_EMAIL: e2eAdmin.email,
    ADMIN_PASSWORD: e2eAdmin.password,
  };
}
