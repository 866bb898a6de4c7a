// What the business configures at build time shows up where visitors see it; /about is linked from every page.
// Expected values come from the environment the build ran with (or the defaults written out here).
import { siteRoutes } from "../../app/config/paths.ts";
import { eventTypeFiles } from "./content-files.ts";
import { expect, notFoundPath, served, test } from "./fixtures.ts";

test.use({ javaScriptEnabled: false });

const env = process.env;
const siteUrl = (env.SITE_URL || "https://www.boothpilot.example").replace(/\/+$/, "");
const mailDomain = (
  env.MAIL_DOMAIN || new URL(siteUrl).hostname.replace(/^www\./, "")
).toLowerCase();
const mailbox = {
  general: env.MAIL_GENERAL || `hello@${mailDomain}`,
  careers: env.MAIL_CAREERS || `careers@${mailDomain}`,
  press: env.MAIL_PRESS || `press@${mailDomain}`,
};
const demoVideo = env.DEMO_VIDEO_URL || "https://www.youtube.com/watch?v=boothpilot-demo";
const venueMapVideo =
  env.VENUE_MAP_VIDEO_URL || "https://www.youtube.com/watch?v=boothpilot-venue-map";

test("the three mailboxes follow MAIL_DOMAIN (or their own variables) on the pages and in the Organization data", async ({
  page,
  request,
}) => {
  const pages: [string, string[]][] = [
    ["/contact", [mailbox.general]],
    ["/press", [mailbox.press, mailbox.general]],
    ["/careers", [mailbox.careers, mailbox.general]],
  ];
  for (const [path, addresses] of pages) {
    await page.goto(path);
    for (const address of addresses)
      await expect(
        page.locator(`main a[href="mailto:${address}"]`),
        `${path} ${address}`,
      ).toHaveCount(1);
    await expect(page.locator(`main a[href^="mailto:"]:not([href$="@${mailDomain}"])`)).toHaveCount(
      addresses.filter((a) => !a.endsWith(`@${mailDomain}`)).length,
    );
  }
  const html = await (await request.get("/")).text();
  expect(html).toContain(`"email":"${mailbox.general}"`);
});

test("the demo and venue-map videos follow their variables", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Watch the Demo" })).toHaveAttribute(
    "href",
    demoVideo,
  );
  await expect(page.getByRole("link", { name: "Play the demo video" })).toHaveAttribute(
    "href",
    demoVideo,
  );
  await page.goto("/features/interactive-venue-mapping");
  await expect(page.locator(`main a[href="${venueMapVideo}"]`)).toHaveCount(1);
});

test("/about is linked from the footer of every page, the 404 page too", async ({ request }) => {
  for (const path of [...siteRoutes.map((route) => route.path), notFoundPath]) {
    const $ = await served(request, path, path === notFoundPath ? 404 : 200);
    const about = $("body > footer a").filter((_, link) => $(link).text().trim() === "About");
    expect(about.attr("href"), path).toBe("/about");
  }
});

test("each event-type page draws its own venue map, sized before it paints", async ({
  request,
}) => {
  const seen = new Set<string>();
  for (const eventType of eventTypeFiles) {
    const path = `/event-types/${eventType.slug}`;
    const $ = await served(request, path);
    const map = $("#venue-map svg[role=img]");
    expect(map.length, path).toBe(1);
    expect(map.attr("width"), path).toMatch(/^\d+$/);
    expect(map.attr("height"), path).toMatch(/^\d+$/);
    expect(map.attr("viewBox"), path).toMatch(/^0 0 \d+ \d+$/);
    // Screen readers hear what the page's file says its map shows.
    const name = map.attr("aria-label") ?? "";
    expect(name, path).toBe(eventType.venueMap.description);
    expect(map.find("[data-booth]").length, path).toBeGreaterThanOrEqual(12);
    seen.add(name);
  }
  // Each page its own map: as many names as published files.
  expect(seen.size).toBe(eventTypeFiles.length);
});
