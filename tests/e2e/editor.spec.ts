// The content editor (Keystatic, local mode under `npm run dev`): a person's edit reaches the file and the page.
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

const repoRoot = join(import.meta.dirname, "../..");

test("the production server answers the editor's API 404: its mode is not configured", async ({
  request,
}) => {
  for (const path of ["/api/keystatic/tree", "/keystatic"]) {
    expect((await request.get(path, { headers: { "no-cors": "1" } })).status(), path).toBe(404);
  }
});

test.describe("under npm run dev, on a copy of content/", () => {
  test.skip(({ browserName }) => browserName !== "chromium", "one browser drives the editor");
  let root: string;
  let dev: ChildProcess;
  let origin: string;

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a hook's fixtures from this pattern.
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one viewport drives the editor");
    test.setTimeout(240_000);
    root = await mkdtemp(join(tmpdir(), "boothpilot-editor-"));
    await cp(join(repoRoot, "content"), join(root, "content"), { recursive: true });
    const port = Number(process.env.E2E_PORT ?? 4173) + 20;
    origin = `http://127.0.0.1:${port}`;
    dev = spawn(process.execPath, ["scripts/dev.ts"], {
      cwd: repoRoot,
      stdio: "ignore",
      env: {
        ...process.env,
        CONTENT_ROOT: root,
        DATA_DIR: join(root, "data"),
        DEV_PORT: String(port),
        LOG_LEVEL: "warn",
      },
    });
    // Vite's first start bundles the editor's dependencies: a minute or more on a busy machine.
    await expect(async () => {
      expect((await fetch(`${origin}/event-types/card-shows`)).status).toBe(200);
    }).toPass({ timeout: 180_000 });
  });
  test.afterAll(async () => {
    dev?.kill("SIGTERM");
    if (root) await rm(root, { recursive: true, force: true });
  });

  test("a person edits an event type's headline and a feature, saves, and the page shows them", async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000);
    const headline = "Card shows, sold out before the doors open";
    const feature = "Pick & Pay tables, in one tap";
    // The page as the person had it open beside the editor: it reloads itself once the file is saved.
    const preview = await context.newPage();
    await preview.goto(`${origin}/event-types/card-shows`);
    await expect(preview.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.goto(`${origin}/keystatic/collection/eventTypes/item/card-shows`);
    await page.getByLabel("Headline").fill(headline, { timeout: 180_000 });
    await page.getByText("Pick & Pay tables", { exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill(feature);
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Save" }).click();

    const file = join(root, "content/event-types/card-shows.yaml");
    await expect(async () => {
      const text = await readFile(file, "utf8");
      expect(text).toContain(`headline: ${headline}`);
      expect(text).toContain(`title: ${feature}`);
    }).toPass({ timeout: 30_000 });

    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(headline);
    await expect(
      page.getByRole("button", { name: "Save" }),
      "the editor stays as it was",
    ).toBeVisible();
    await page.goto(`${origin}/event-types/card-shows`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline);
    await expect(page.locator("#features")).toContainText(feature);
    // The repository's own content is untouched: the editor saved into the copy.
    expect(
      await readFile(join(repoRoot, "content/event-types/card-shows.yaml"), "utf8"),
    ).not.toContain(headline);
  });
});
