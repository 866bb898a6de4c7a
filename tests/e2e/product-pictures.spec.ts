// The product pictures a visitor sees: on each route the screens that belong there, by their accessible names,
// drawn at a real size; the home picture in the first screen; one palette for booth states on the map pages.
// The pictures' names are what docs/product.md says each shows, written out here, not read from their content.
import type { Locator, Page } from "@playwright/test";
import { siteConfig } from "../../app/config/site.ts";
import { islandsFile } from "./content-files.ts";
import { expect, test } from "./fixtures.ts";

const pictures = {
  dashboard: /^Sample organizer dashboard .*applied, approved or paid.*social link/,
  formBuilder:
    /^Sample application form builder: .*booth fees.*text, dropdown, checkbox, file upload.*required or optional/,
  portal: /^Sample vendor portal .*documents uploaded.*approved.*pay/,
  email: /^Sample approval email .*payment link .*payment window.*reminder/,
  series: /^Sample event series application .*one application.*dates picked.*approved or pending/,
  promo: /^Sample checkout settings: a promo code .*add-ons .*inventory/,
  venueMap: /^Sample venue map: twenty booths .*assigned.*open.*taken.*premium/,
  applyApprove: /^Apply & Approve in five steps: apply, you approve, payment link sent/,
  instant: /^Instant Approve & Pay in three steps: apply, pay at once, spot assigned later/,
  pickPay: /^Pick & Pay in four steps: pick a spot, pay, the spot is taken/,
};

const byRoute: Record<string, readonly RegExp[]> = {
  "/": [pictures.dashboard, /venue map/],
  "/features": [
    pictures.email,
    pictures.venueMap,
    pictures.formBuilder,
    pictures.portal,
    pictures.dashboard,
    pictures.promo,
    pictures.series,
  ],
  "/how-it-works": [pictures.applyApprove, pictures.instant, pictures.pickPay],
  "/features/automated-messaging": [pictures.email],
  "/features/interactive-venue-mapping": [pictures.venueMap],
  "/features/custom-vendor-categories": [pictures.formBuilder],
  "/event-types/card-shows": [/^Dealer tables in six numbered rows/],
  "/event-types/food-truck-rallies": [/^Food truck spots on both sides of a drive lane/],
  "/event-types/farmers-markets": [/^Farmers' stalls on both sides of a market street/],
  "/event-types/art-fairs": [/^Gallery bays along partition walls/],
  "/event-types/pop-up-markets": [/^Pop-up tents around a central plaza/],
  "/event-types/sneaker-expos": [/^Exhibitor booths in three rows beside the main stage/],
};

/** The acceptance models are drawn as strips of steps: wide and short. */
const strips = new Set([pictures.applyApprove, pictures.instant, pictures.pickPay]);

/** A picture drawn at a size a visitor can read: most of a phone's width, a real height. */
async function expectDrawn(picture: Locator, name: RegExp): Promise<void> {
  await expect(picture, String(name)).toHaveCount(1);
  await picture.scrollIntoViewIfNeeded();
  const box = await picture.boundingBox();
  expect(box, String(name)).not.toBeNull();
  expect(box?.width ?? 0, String(name)).toBeGreaterThanOrEqual(280);
  expect(box?.height ?? 0, String(name)).toBeGreaterThanOrEqual(strips.has(name) ? 64 : 100);
}

for (const [path, names] of Object.entries(byRoute)) {
  test(`${path} shows its product pictures, named and drawn at size`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator("main");
    for (const name of names) await expectDrawn(main.getByRole("img", { name }), name);
  });
}

test.describe("home", () => {
  const heroPicture = (page: Page) =>
    page.locator("main").getByRole("img", { name: pictures.dashboard }).first();

  test("the dashboard picture is in the first screen, beside the calls to action on desktop, under them on a phone", async ({
    page,
    viewport,
  }) => {
    await page.goto("/");
    const picture = heroPicture(page);
    const cta = page.locator("main").getByRole("link", { name: "Watch the Demo" }).first();
    const [pictureBox, ctaBox] = [await picture.boundingBox(), await cta.boundingBox()];
    if (!pictureBox || !ctaBox || !viewport)
      throw new Error("picture, call to action or viewport missing");
    if (viewport.width >= 1024) {
      // Desktop: the whole picture in the first screen, beside the text.
      expect(pictureBox.y + pictureBox.height).toBeLessThanOrEqual(viewport.height);
      expect(pictureBox.x).toBeGreaterThan(ctaBox.x + ctaBox.width);
    } else {
      // Phone: the picture starts right under the calls to action (only the one-line note between them).
      const gap = pictureBox.y - (ctaBox.y + ctaBox.height);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(80);
      expect(pictureBox.y).toBeLessThan(viewport.height);
    }
  });

  test("the demo is a product frame with a play control that opens the video, nothing dimmed", async ({
    page,
  }) => {
    await page.goto("/");
    const demo = page.locator("#demo");
    const play = demo.getByRole("link", { name: "Play the demo video" });
    await expect(play).toHaveAttribute("href", siteConfig.videos.demo);
    await play.scrollIntoViewIfNeeded();
    const poster = demo.getByRole("img", { name: /venue map/ });
    const [playBox, posterBox] = [await play.boundingBox(), await poster.boundingBox()];
    if (!playBox || !posterBox) throw new Error("play control or poster missing");
    // The whole poster is the control, as on a video player, and the poster is not covered by a tint.
    expect(playBox.width).toBeCloseTo(posterBox.width, 0);
    expect(playBox.height).toBeCloseTo(posterBox.height, 0);
    expect(await play.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      "rgba(0, 0, 0, 0)",
    );
    await expect(demo.getByText(`${siteConfig.name} demo video`)).toBeVisible();
  });
});

test("the venue-mapping picture and the demo under it draw each booth state in the same colours", async ({
  page,
}) => {
  await page.goto("/features/interactive-venue-mapping");
  const picture = page.locator("main").getByRole("img", { name: pictures.venueMap });
  const demo = page.locator("#try-it");
  const fillOf = (scope: Locator, booth: string) =>
    // The demo draws a wide and an upright map and shows one of them.
    scope.locator(`[data-booth="${booth}"]:visible > rect`).getAttribute("fill");
  // A1 is a premium corner and B3 is taken in both; A2 is assigned in the picture, assigned in the demo below.
  for (const booth of ["A1", "B3"])
    expect(await fillOf(picture, booth), booth).toBe(await fillOf(demo, booth));
  await demo.scrollIntoViewIfNeeded();
  await expect(demo.locator("[data-live]")).toBeVisible();
  await demo.getByRole("button", { name: /^Clay & Kiln Pottery/ }).click();
  await demo.locator('[data-booth="A2"]:visible').click();
  await expect(demo.getByRole("status")).toContainText("Assigned Clay & Kiln Pottery to booth A2");
  expect(await fillOf(picture, "A2")).toBe(await fillOf(demo, "A2"));
  // Four states, four different fills, each also in the legends of both.
  const fills = new Set(
    await Promise.all(["A1", "A2", "A3", "B3"].map((booth) => fillOf(picture, booth))),
  );
  expect(fills.size).toBe(4);
  for (const legend of [picture, demo])
    for (const label of Object.values(islandsFile.venueDemo.legend))
      await expect(legend.getByText(label, { exact: true })).toBeVisible();
});
