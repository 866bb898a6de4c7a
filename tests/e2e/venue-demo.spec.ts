// The venue-map demo as a visitor uses it: drag and keyboard assignment, overbooking, reassignment, the public
// view and pick & pay, on the venue-mapping feature page (and its compact copy on the home page).
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { filled, islandsFile } from "./content-files.ts";
import { expect, test } from "./fixtures.ts";

const featurePage = "/features/interactive-venue-mapping";

// The demo's words and vendors as content/islands.yaml gives them; booths and prices are the demo's own.
const copy = islandsFile.venueDemo;
const vendorAt = (index: number) => {
  const vendor = copy.vendors[index];
  if (!vendor) throw new Error(`content/islands.yaml: no waiting vendor ${index + 1}`);
  return vendor;
};
const [clay, honey, prints, thread] = [vendorAt(0), vendorAt(1), vendorAt(2), vendorAt(3)];
const firstBooked = copy.bookedVendors[0] ?? "";
const buyer = copy.pickAndPayVendor;
const assigned = (vendor: string, booth: string) =>
  filled(copy.assignments.assigned, { vendor, booth });
const takenBy = (vendor: string) => filled(copy.booths.takenBy, { vendor });
/** A booth as screen readers hear it in the organizer and Pick & pay views. */
const detail = (booth: string, kind: string, price: string, holder: string) =>
  filled(copy.booths.detail, { booth, kind, price, holder });
const lastChoice = (name: string) => `${name}, ${copy.markedLabel}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const startingWith = (text: string) => new RegExp(`^${escaped(text)}`);
const endingWith = (text: string) => new RegExp(`${escaped(text)}$`);

async function openDemo(page: Page, path = featurePage) {
  await page.goto(path);
  const demo = page.locator("#try-it");
  await demo.scrollIntoViewIfNeeded();
  await expect(demo.locator("[data-live]")).toBeVisible();
  return {
    demo,
    // The drawing on screen: the phone's portrait one below the md breakpoint, the wide one above.
    booth: (id: string) => demo.locator(`[data-booth="${id}"]:visible`),
    vendor: (name: string) => demo.getByRole("button", { name: startingWith(name) }),
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
    const from = await vendor(prints.name).boundingBox();
    const to = await booth("C3").boundingBox();
    if (!from || !to) throw new Error("the vendor and the booth are on screen");
    const target = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x, target.y, { steps: 8 });
    await expectDragFeedback(page, prints.short, target, booth("C3"));
    await page.mouse.up();
    await expect(status).toHaveText(assigned(prints.name, "C3"));
    await expect(page.locator("[data-drag-ghost]")).toHaveCount(0);
    await expect(booth("C3").locator("rect")).not.toHaveCSS("stroke-width", "5px");
    await expect(booth("C3").locator("text")).toHaveText(prints.short);
  });

  test("phone: booths are finger-sized, the hint speaks of tapping, tap then tap assigns", async ({
    page,
    hasTouch,
  }) => {
    test.skip(!hasTouch, "touch screens only");
    const { demo, booth, vendor, status } = await openDemo(page);
    await expect(demo.getByText(copy.tapHint)).toBeVisible();
    await expect(demo.getByText(copy.chooseHint)).toBeHidden();
    for (const id of ["A1", "B3", "C5", "D2"]) {
      const box = await booth(id).boundingBox();
      expect(box?.width, `booth ${id} width`).toBeGreaterThanOrEqual(44);
      expect(box?.height, `booth ${id} height`).toBeGreaterThanOrEqual(44);
    }
    // The map scrolls sideways within its frame: the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await vendor(honey.name).tap();
    await expect(status).toHaveText(filled(copy.chosenTap, { vendor: honey.name }));
    // The status, which names the chosen vendor, stays on screen above the map while a booth is tapped.
    await booth("C5").scrollIntoViewIfNeeded();
    await expect(status).toBeInViewport();
    await booth("C5").tap();
    await expect(status).toHaveText(assigned(honey.name, "C5"));
    await expect(booth("C5").locator("text")).toHaveText(honey.short);
    await expect(booth("C5")).toHaveAttribute("data-marked", "true");
    await expect(booth("C5")).toHaveAccessibleName(endingWith(lastChoice(takenBy(honey.name))));
  });

  test("desktop: the hint speaks of the keyboard", async ({ page, hasTouch }) => {
    test.skip(hasTouch, "mouse and keyboard only");
    const { demo } = await openDemo(page);
    await expect(demo.getByText(copy.chooseHint)).toBeVisible();
    await expect(demo.getByText(copy.tapHint)).toBeHidden();
  });

  test("drag a vendor onto a booth to assign", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor(clay.name).dragTo(booth("A1"));
    await expect(status).toHaveText(assigned(clay.name, "A1"));
    await expect(booth("A1")).toHaveAccessibleName(
      startingWith(detail("A1", copy.booths.premium, "$150", takenBy(clay.name))),
    );
    await expect(vendor(clay.name)).toContainText(filled(copy.vendorCard.inBooth, { booth: "A1" }));
  });

  test("touch: a finger drags a vendor onto a booth at phone width", async ({ page, hasTouch }) => {
    test.skip(!hasTouch, "touch screens only");
    const { booth, vendor, status } = await openDemo(page);
    // The waiting list sits above the map at phone width: the first vendor at the top of the screen, the map's
    // first booths below it.
    await vendor(clay.name).evaluate((element) =>
      window.scrollBy({ top: element.getBoundingClientRect().top - 80, behavior: "instant" }),
    );
    const from = await vendor(clay.name).boundingBox();
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
    await expectDragFeedback(page, clay.short, point(to), booth("D2"));
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(status).toHaveText(assigned(clay.name, "D2"));
    await expect(booth("D2")).toHaveAccessibleName(endingWith(lastChoice(takenBy(clay.name))));
    await expect(booth("D2")).toHaveAttribute("data-marked", "true");
    await expect(page.locator("[data-drag-ghost]")).toHaveCount(0);
  });

  test("keyboard: choose a vendor, arrows between booths, Enter assigns", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    // The phone's drawing stands upright: a row runs down the screen, and the next row is to the right.
    const upright = (page.viewportSize()?.width ?? 1280) < 768;
    await vendor(honey.name).focus();
    await page.keyboard.press("Enter");
    await expect(vendor(honey.name)).toHaveAttribute("aria-pressed", "true");
    await expect(booth("A1")).toBeFocused();
    await page.keyboard.press(upright ? "ArrowDown" : "ArrowRight");
    await expect(booth("A2")).toBeFocused();
    await page.keyboard.press(upright ? "ArrowRight" : "ArrowDown");
    await expect(booth("B2")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(status).toHaveText(assigned(honey.name, "B2"));
    await expect(booth("B2")).toHaveAccessibleName(new RegExp(escaped(takenBy(honey.name))));
    // The drawing says who is there, not the booth's number.
    await expect(booth("B2").locator("text")).toHaveText(honey.short);
  });

  test("a taken booth refuses a second vendor", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor(prints.name).click();
    await booth("A4").click();
    await expect(status).toHaveText(
      filled(copy.assignments.refused, { booth: "A4", vendor: firstBooked }),
    );
    await expect(booth("A4")).toHaveAccessibleName(endingWith(takenBy(firstBooked)));
    await expect(vendor(prints.name)).toContainText(copy.vendorCard.waiting);
  });

  test("moving an assigned vendor shows the reassignment notice", async ({ page }) => {
    const { booth, vendor, status } = await openDemo(page);
    await vendor(clay.name).click();
    await booth("A2").click();
    await expect(status).toHaveText(assigned(clay.name, "A2"));
    await booth("B1").click();
    await expect(status).toHaveText(
      filled(copy.assignments.moved, { vendor: clay.name, from: "A2", booth: "B1" }),
    );
    await expect(booth("A2")).toHaveAccessibleName(
      detail("A2", copy.booths.standard, "$85", copy.booths.open),
    );
  });

  test("the public view shows assigned and available spots only", async ({ page }) => {
    const { demo, booth, vendor } = await openDemo(page);
    await vendor(thread.name).click();
    await booth("D1").click();
    await demo.getByText(copy.modes.public, { exact: true }).click();
    await expect(demo.getByRole("heading", { name: copy.waitingTitle })).toHaveCount(0);
    // The map is named as the floor attendees see, not as the organizer's map.
    await expect(demo.getByRole("group", { name: copy.publicMapLabel })).toBeVisible();
    await expect(demo.getByRole("group", { name: copy.mapLabel })).toHaveCount(0);
    const floor = demo.getByRole("region", { name: copy.publicTitle });
    await expect(floor).toContainText(`D1 ${thread.name}`);
    await expect(floor).toContainText(filled(copy.availableCount, { count: "15" }));
    // The booth just assigned keeps its ring, and says so.
    await expect(booth("D1")).toHaveAccessibleName(
      lastChoice(filled(copy.booths.public, { booth: "D1", holder: thread.name })),
    );
    await expect(booth("D1")).toHaveAttribute("data-marked", "true");
    await expect(booth("D2")).toHaveAccessibleName(
      filled(copy.booths.public, { booth: "D2", holder: copy.booths.available }),
    );
    await expect(demo.locator('[data-booth][role="button"]')).toHaveCount(0);
  });

  test("pick & pay: the booth turns taken and greyed, with the confirmation", async ({ page }) => {
    const { demo, booth, status } = await openDemo(page);
    await demo.getByText(copy.modes.vendor, { exact: true }).click();
    await booth("B4").click();
    await expect(status).toHaveText(filled(copy.booths.picked, { booth: "B4", total: "$89.25" }));
    // The pick is marked on the map by a ring, not by colour, and is a pressed button to a screen reader.
    await expect(booth("B4")).toHaveAttribute("data-marked", "true");
    await expect(booth("B4")).toHaveAttribute("aria-pressed", "true");
    await expect(booth("B4")).toHaveAccessibleName(
      lastChoice(detail("B4", copy.booths.standard, "$85", copy.booths.open)),
    );
    await expect(demo.locator("[data-marked]:visible")).toHaveCount(1);
    await demo.getByRole("button", { name: filled(copy.booths.pay, { total: "$89.25" }) }).click();
    await expect(status).toHaveText(
      filled(copy.booths.paid, { total: "$89.25", booth: "B4", vendor: buyer }),
    );
    await expect(booth("B4")).toHaveAccessibleName(new RegExp(escaped(takenBy(buyer))));
    await expect(booth("B4").locator("rect")).toHaveAttribute("fill", "#8a94a6");
    await expect(booth("B4")).toHaveAttribute("data-marked", "true");
    await booth("B4").click();
    await expect(status).toHaveText(filled(copy.booths.taken, { booth: "B4", vendor: buyer }));
  });

  test("axe finds nothing with the demo open, in each view", async ({ page }) => {
    // Three full axe runs, each 6 to 10 s on the shared machine.
    test.slow();
    const { demo } = await openDemo(page);
    await expectNoAxeViolations(page);
    await demo.getByText(copy.modes.public, { exact: true }).click();
    await expectNoAxeViolations(page);
    await demo.getByText(copy.modes.vendor, { exact: true }).click();
    await expectNoAxeViolations(page);
  });

  test("the home page's compact demo assigns by drag, axe clean", async ({ page }) => {
    const { demo, booth, vendor, status } = await openDemo(page, "/");
    await expect(demo.getByText(copy.modes.vendor, { exact: true })).toHaveCount(0);
    await vendor(honey.name).dragTo(booth("B2"));
    await expect(status).toHaveText(assigned(honey.name, "B2"));
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the map, its legend and the waiting vendors read as a page", async ({ page }) => {
    await page.goto(featurePage);
    const demo = page.locator("#try-it");
    await expect(demo.getByRole("group", { name: copy.mapLabel })).toBeVisible();
    await expect(demo.locator("[data-booth]:visible")).toHaveCount(20);
    await expect(demo.getByText(copy.legend.premium)).toBeVisible();
    await expect(demo.getByText(`${clay.website} · ${clay.social}`)).toBeVisible();
    await expect(demo.getByText(copy.noScript)).toBeVisible();
  });
});
