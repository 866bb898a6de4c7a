// The venue-map demo as a visitor uses it: drag and keyboard assignment, overbooking, reassignment, the public
// view and pick & pay, on the venue-mapping feature page (and its compact copy on the home page).
import type { Locator, Page } from "@playwright/test";
import { venueDemoCopy } from "../../app/content/venue-demo.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const featurePage = "/features/interactive-venue-mapping";

async function openDemo(page: Page, path = featurePage) {
  await page.goto(path);
  const demo = page.locator("#try-it");
  await demo.scrollIntoViewIfNeeded();
  await expect(demo.locator("[data-live]")).toBeVisible();
  return {
    demo,
    // The drawing on screen: the phone's portrait one below the md breakpoint, the wide one above.
    booth: (id: string) => demo.locator(`[data-booth="${id}"]:visible`),
    vendor: (name: string) => demo.getByRole("button", { name: new RegExp(`^${name}`) }),
    status: demo.getByRole("status"),
  };
}

/** While a vendor is dragged to `at`: its short name follows the pointer, and the booth under it is outlined. */
async function expectDragFeedback(
  page: Page,
  short: string,
  at: { x: number; y: number },
  booth: Locator,
) {
  const ghost = page.locator("[data-drag-ghost]");
  await expect(ghost).toHaveText(short);
  // Read until it holds: the ghost is drawn where the last pointer move put it, a render after that move.
  await expect(async () => {
    const box = await ghost.boundingBox();
    if (!box) throw new Error("the ghost is drawn");
    expect(Math.abs(box.x + box.width / 2 - at.x)).toBeLessThan(2);
    expect(at.y - (box.y + box.height)).toBeGreaterThanOrEqual(0);
    expect(at.y - (box.y + box.height)).toBeLessThan(24);
  }).toPass({ timeout: 5_000 });
  await expect(booth.locator("rect")).toHaveCSS("stroke-width", "5px");
  // One booth only: the one under the pointer.
  expect(
    await page
      .locator("#try-it [data-booth]:visible > rect")
      .evaluateAll(
        (rects) => rects.filter((rect) => getComputedStyle(rect).strokeWidth === "5px").length,
      ),
  ).toBe(1);
}

test.describe("with JavaScript", () => {
  test("a mouse drag carries the vendor and outlines the booth it would land on", async ({
    page,
    hasTouch,
  }) => {
    test.skip(hasTouch, "a mouse: the finger's drag is the touch test's");
    const { booth, vendor, status } = await openDemo(page);
    await booth("C3").scrollIntoViewIfNeeded();
    const from = await vendor("Paper Fox Prints").boundingBox();
    const to = await booth("C3").boundingBox();
    if (!from || !to) throw new Error("the vendor and the booth are on screen");
    const target = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await expectDragFeedback(page, "Paper Fox", target, booth("C3"));
    await page.mouse.up();
    await expect(status).toHaveText("Assigned Paper Fox Prints to booth C3.");
    await expect(page.locator("[data-drag-ghost]")).toHaveCount(0);
    await expect(booth("C3").locator("rect")).not.toHaveCSS("stroke-width", "5px");
    await expect(booth("C3").locator("text")).toHaveText("Paper Fox");
  });

  test("phone: booths are finger-sized, the hint speaks of tapping, tap then tap assigns", async ({
    page,
    hasTouch,
  }) => {
    test.skip(!hasTouch, "touch screens only");
    const { demo, booth, vendor, status } = await openDemo(page);
    await expect(demo.getByText(venueDemoCopy.tapHint)).toBeVisible();
    await expect(demo.getByText(venueDemoCopy.chooseHint)).toBeHidden();
    for (const id of ["A1", "B3", "C5", "D2"]) {
      const box = await booth(id).boundingBox();
      expect(box?.width, `booth ${id} width`).toBeGreaterThanOrEqual(44);
      expect(box?.height, `booth ${id} height`).toBeGreaterThanOrEqual(44);
    }
    // The map scrolls sideways within its frame: the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await vendor("Golden Comb Honey").tap();
    await expect(status).toHaveText("Chose Golden Comb Honey. Tap an open booth to assign.");
    // The status, which names the chosen vendor, stays on screen above the map while a booth is tapped.
    await booth("C5").scrollIntoViewIfNeeded();
    await expect(status).toBeInViewport();
    await booth("C5").tap();
    await expect(status).toHaveText("Assigned Golden Comb Honey to booth C5.");
    await expect(booth("C5").locator("text")).toHaveText("Golden Comb");
    await expect(booth("C5")).toHaveAttribute("data-marked", "true");
    await expect(booth("C5")).toHaveAccessibleName(/taken by Golden Comb Honey, your last choice$/);
  });

  test("desktop: the hint speaks of the keyboard", async ({ page, hasTouch }) => {
    test.skip(hasTouch, "mouse and keyboard only");
    const { demo } = await openDemo(page);
    await expect(demo.getByText(venueDemoCopy.chooseHint)).toBeVisible();
    await expect(demo.getByText(venueDemoCopy.tapHint)).toBeHidden();
  });

  test("drag a vendor onto a booth to assign", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor("Clay & Kiln Pottery").dragTo(booth("A1"));
    await expect(status).toHaveText("Assigned Clay & Kiln Pottery to booth A1.");
    await expect(booth("A1")).toHaveAccessibleName(
      /A1, premium corner booth, \$150: taken by Clay/,
    );
    await expect(vendor("Clay & Kiln Pottery")).toContainText("In booth A1");
  });

  test("touch: a finger drags a vendor onto a booth at phone width", async ({ page, hasTouch }) => {
    test.skip(!hasTouch, "touch screens only");
    const { booth, vendor, status } = await openDemo(page);
    // The waiting list sits above the map at phone width: the first vendor at the top of the screen, the map's
    // first booths below it.
    await vendor("Clay & Kiln Pottery").evaluate((element) =>
      window.scrollBy({ top: element.getBoundingClientRect().top - 80, behavior: "instant" }),
    );
    const from = await vendor("Clay & Kiln Pottery").boundingBox();
    const to = await booth("D2").boundingBox();
    if (!from || !to) throw new Error("the vendor and the booth are on screen");
    // Real touch input through Chromium's DevTools protocol: the browser turns it into pointer events.
    const cdp = await page.context().newCDPSession(page);
    const point = (box: typeof from, step = 1) => ({
      x: box.x + box.width / 2,
      y: box.y + (box.height / 2) * step,
    });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(from)] });
    for (let i = 1; i <= 8; i++) {
      const a = point(from);
      const b = point(to);
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 8, y: a.y + ((b.y - a.y) * i) / 8 }],
      });
    }
    // Under the finger: the vendor, just above it where the finger does not hide it, and the booth outlined.
    await expectDragFeedback(page, "Clay & Kiln", point(to), booth("D2"));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(status).toHaveText("Assigned Clay & Kiln Pottery to booth D2.");
    await expect(booth("D2")).toHaveAccessibleName(
      /taken by Clay & Kiln Pottery, your last choice$/,
    );
    await expect(booth("D2")).toHaveAttribute("data-marked", "true");
    await expect(page.locator("[data-drag-ghost]")).toHaveCount(0);
  });

  test("keyboard: choose a vendor, arrows between booths, Enter assigns", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    // The phone's drawing stands upright: a row runs down the screen, and the next row is to the right.
    const upright = (page.viewportSize()?.width ?? 1280) < 768;
    await vendor("Golden Comb Honey").focus();
    await page.keyboard.press("Enter");
    await expect(vendor("Golden Comb Honey")).toHaveAttribute("aria-pressed", "true");
    await expect(booth("A1")).toBeFocused();
    await page.keyboard.press(upright ? "ArrowDown" : "ArrowRight");
    await expect(booth("A2")).toBeFocused();
    await page.keyboard.press(upright ? "ArrowRight" : "ArrowDown");
    await expect(booth("B2")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText("Assigned Golden Comb Honey to booth B2.");
    await expect(booth("B2")).toHaveAccessibleName(/taken by Golden Comb Honey/);
    // The drawing says who is there, not the booth's number.
    await expect(booth("B2").locator("text")).toHaveText("Golden Comb");
  });

  test("a taken booth refuses a second vendor", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor("Paper Fox Prints").click();
    await booth("A4").click();
    await expect(status).toHaveText(
      "Booth A4 is taken by Maple Candle Company. One vendor per booth: choose an open booth.",
    );
    await expect(booth("A4")).toHaveAccessibleName(/taken by Maple Candle Company$/);
    await expect(vendor("Paper Fox Prints")).toContainText("Waiting");
  });

  test("moving an assigned vendor shows the reassignment notice", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor("Clay & Kiln Pottery").click();
    await booth("A2").click();
    await expect(status).toHaveText("Assigned Clay & Kiln Pottery to booth A2.");
    await booth("B1").click();
    await expect(status).toHaveText(
      "Moved Clay & Kiln Pottery from booth A2 to booth B1. Clay & Kiln Pottery is notified of the reassignment.",
    );
    await expect(booth("A2")).toHaveAccessibleName(/: open$/);
  });

  test("the public view shows assigned and available spots only", async ({ page }) => {
    const { demo, booth, vendor } = await openDemo(page);
    await vendor("Second Thread Vintage").click();
    await booth("D1").click();
    await demo.getByText("Public view", { exact: true }).click();
    await expect(demo.getByRole("heading", { name: "Waiting vendors" })).toHaveCount(0);
    const floor = demo.getByRole("region", { name: "On the floor" });
    await expect(floor).toContainText("D1 Second Thread Vintage");
    await expect(floor).toContainText("Available: 15 booths");
    // The booth just assigned keeps its ring, and says so.
    await expect(booth("D1")).toHaveAccessibleName(
      "Booth D1: Second Thread Vintage, your last choice",
    );
    await expect(booth("D1")).toHaveAttribute("data-marked", "true");
    await expect(booth("D2")).toHaveAccessibleName("Booth D2: available");
    await expect(demo.getByRole("button", { name: /^Booth/ })).toHaveCount(0);
  });

  test("pick & pay: the booth turns taken and greyed, with the confirmation", async ({ page }) => {
    const { demo, booth, status } = await openDemo(page);
    await demo.getByText("Pick & pay", { exact: true }).click();
    await booth("B4").click();
    await expect(status).toHaveText("Picked booth B4: $89.25 with the platform fee.");
    // The pick is marked on the map by a ring, not by colour, and is a pressed button to a screen reader.
    await expect(booth("B4")).toHaveAttribute("data-marked", "true");
    await expect(booth("B4")).toHaveAttribute("aria-pressed", "true");
    await expect(booth("B4")).toHaveAccessibleName(/: open, your last choice$/);
    await expect(demo.locator("[data-marked]:visible")).toHaveCount(1);
    await demo.getByRole("button", { name: "Pay $89.25 (simulated)" }).click();
    await expect(status).toHaveText(
      "Paid $89.25 (simulated). Booth B4 is booked for Sunny Side Soaps: the confirmation goes to Sunny Side Soaps and to the organizer.",
    );
    await expect(booth("B4")).toHaveAccessibleName(/taken by Sunny Side Soaps/);
    await expect(booth("B4").locator("rect")).toHaveAttribute("fill", "#8a94a6");
    await expect(booth("B4")).toHaveAttribute("data-marked", "true");
    await booth("B4").click();
    await expect(status).toHaveText("Booth B4 is taken by Sunny Side Soaps. Pick an open booth.");
  });

  test("axe finds nothing with the demo open, in each view", async ({ page }) => {
    // Three full axe runs, each 6 to 10 s on the shared machine.
    test.slow();
    const { demo } = await openDemo(page);
    await expectNoAxeViolations(page);
    await demo.getByText("Public view", { exact: true }).click();
    await expectNoAxeViolations(page);
    await demo.getByText("Pick & pay", { exact: true }).click();
    await expectNoAxeViolations(page);
  });

  test("the home page's compact demo assigns by drag, axe clean", async ({ page }) => {
    const { demo, booth, vendor, status } = await openDemo(page, "/");
    await expect(demo.getByText("Pick & pay", { exact: true })).toHaveCount(0);
    await vendor("Golden Comb Honey").dragTo(booth("B2"));
    await expect(status).toHaveText("Assigned Golden Comb Honey to booth B2.");
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the map, its legend and the waiting vendors read as a page", async ({ page }) => {
    await page.goto(featurePage);
    const demo = page.locator("#try-it");
    await expect(demo.getByRole("group", { name: /Venue map demo/ })).toBeVisible();
    await expect(demo.locator("[data-booth]:visible")).toHaveCount(20);
    await expect(demo.getByText("Premium (corner)")).toBeVisible();
    await expect(demo.getByText("clayandkiln.example · @clayandkiln")).toBeVisible();
    await expect(demo.getByText(/Turn on JavaScript/)).toBeVisible();
  });
});
