// A launch as a business would run it, in a copy of the repository: launch-check fails on the defaults, passes
// once every value is set and the testimonials are real, and the build made with those values shows them.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteRoutes } from "../app/config/paths.ts";
import { environmentWithoutBusinessValues, launchEnv } from "./fixtures/launch-env.ts";
import { attribute, elements, type HtmlElement, parseHtml, textOf } from "./lib/html.ts";

const root = join(import.meta.dirname, "..");
const copied = [
  "app",
  "content",
  "contracts",
  "public",
  "scripts",
  "server",
  "package.json",
  "keystatic.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "vite.config.ts",
  "vite.site-script.config.ts",
];
let copy = "";

function run(command: string, args: string[], env: Record<string, string | undefined>) {
  return spawnSync(command, args, { cwd: copy, env, encoding: "utf8" });
}

/** The built page of a route, parsed. */
function page(path: string): HtmlElement[] {
  const file = path === "/" ? "index.html" : join(path.slice(1), "index.html");
  return [...elements(parseHtml(readFileSync(join(copy, "build", "client", file), "utf8")))];
}
const hrefs = (nodes: HtmlElement[]) =>
  nodes.filter((n) => n.tagName === "a").map((n) => attribute(n, "href") ?? "");
function meta(nodes: HtmlElement[], property: string): string | undefined {
  const tag = nodes.find(
    (n) => n.tagName === "meta" && (attribute(n, "property") ?? attribute(n, "name")) === property,
  );
  return tag && attribute(tag, "content");
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "boothpilot-launch-"));
  for (const entry of copied) {
    cpSync(join(root, entry), join(copy, entry), {
      recursive: true,
      filter: (source) => !/\.test\.tsx?$/.test(source),
    });
  }
  symlinkSync(join(root, "node_modules"), join(copy, "node_modules"), "dir");
  // One more event type, added as the team would: one file (docs/content.md, "Adding an event type").
  const source = readFileSync(join(copy, "content/event-types/flea-markets.yaml"), "utf8");
  writeFileSync(
    join(copy, "content/event-types/night-markets.yaml"),
    source
      .replace(/^name: .*$/m, "name: Night Markets")
      .replace(/^order: .*$/m, "order: 99")
      .replace(/^headline: .*$/m, "headline: Fill your night market before the sun goes down")
      .replace(/^ {2}title: .*$/m, "  title: Night Market Vendor Management Software"),
  );
  // And one more feature page, the same way (docs/content.md, "Adding a feature page").
  const feature = readFileSync(join(copy, "content/features/automated-messaging.yaml"), "utf8");
  writeFileSync(
    join(copy, "content/features/door-check-in.yaml"),
    feature
      .replace(/^name: .*$/m, "name: Door Check-In")
      .replace(/^order: .*$/m, "order: 99")
      .replace(/^summary: .*$/m, "summary: Scan vendors in at load-in and see who has arrived.")
      .replace(/^headline: .*$/m, "headline: Know who has arrived before the doors open")
      .replace(/^ {2}title: .*$/m, "  title: Vendor Check-In at Load-In"),
  );
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("a launch with a fixture environment", { timeout: 240_000 }, () => {
  it("launch-check exits 1 on the default configuration", () => {
    const result = run(
      process.execPath,
      ["scripts/launch-check.ts"],
      environmentWithoutBusinessValues(),
    );
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^launch-check: \d+ value\(s\) still at a placeholder:/);
  });

  it("launch-check exits 0 once every value is set and the testimonials are an organizer's own", () => {
    // As the team would in the editor: each testimonial's "Sample" cleared in its file.
    const folder = join(copy, "content", "testimonials");
    for (const name of readdirSync(folder)) {
      const file = join(folder, name);
      writeFileSync(file, readFileSync(file, "utf8").replace(/^sample: true$/m, "sample: false"));
    }
    const env = { ...environmentWithoutBusinessValues(), ...launchEnv };
    const result = run(process.execPath, ["scripts/launch-check.ts"], env);
    expect(result.stdout).toMatch(/^launch-check: every value the business must own is set\./);
    expect(result.status, result.stdout).toBe(0);
  });

  it("the build made with those values shows them: mailboxes, videos, social links and handle, sample event, cards", () => {
    const env = { ...environmentWithoutBusinessValues(), ...launchEnv };
    const build = run("npm", ["run", "build"], env);
    expect(build.status, build.stderr).toBe(0);

    expect(hrefs(page("/contact"))).toContain("mailto:hello@mail.fairgrounds.events");
    expect(hrefs(page("/careers"))).toContain("mailto:careers@mail.fairgrounds.events");
    expect(hrefs(page("/press"))).toContain(`mailto:${launchEnv.MAIL_PRESS}`);
    const home = page("/");
    expect(hrefs(home)).toContain(launchEnv.DEMO_VIDEO_URL);
    for (const social of [
      launchEnv.SOCIAL_FACEBOOK_URL,
      launchEnv.SOCIAL_INSTAGRAM_URL,
      launchEnv.SOCIAL_LINKEDIN_URL,
      launchEnv.SOCIAL_YOUTUBE_URL,
    ])
      expect(hrefs(home)).toContain(social);
    const organization = home
      .filter((n) => n.tagName === "script" && attribute(n, "type") === "application/ld+json")
      .map((n) => JSON.parse(textOf(n)) as Record<string, unknown>)
      .find((data) => data["@type"] === "Organization");
    expect(organization?.email).toBe("hello@mail.fairgrounds.events");
    expect(meta(home, "twitter:site")).toBe(launchEnv.SOCIAL_X_HANDLE);
    expect(hrefs(page("/features/interactive-venue-mapping"))).toContain(
      launchEnv.VENUE_MAP_VIDEO_URL,
    );
    expect(hrefs(page("/event-types/card-shows"))).toContain(
      `${launchEnv.APP_URL}${launchEnv.SAMPLE_EVENT_PATH}`,
    );
    for (const route of siteRoutes) {
      const image = meta(page(route.path), "og:image") ?? "";
      expect(image.startsWith(`${launchEnv.SITE_URL}/og/`), image).toBe(true);
      const png = join(copy, "build", "client", image.slice(launchEnv.SITE_URL.length));
      expect(statSync(png).size, png).toBeLessThanOrEqual(100 * 1024);
    }
  });

  it("an event type added as one file has its page, menu entry, head and sitemap line", () => {
    const path = "/event-types/night-markets";
    const nightMarket = page(path);
    expect(textOf(nightMarket.find((n) => n.tagName === "h1") ?? nightMarket[0]!)).toBe(
      "Fill your night market before the sun goes down",
    );
    expect(textOf(nightMarket.find((n) => n.tagName === "title") ?? nightMarket[0]!)).toMatch(
      /^Night Market Vendor Management Software/,
    );
    expect(meta(nightMarket, "og:image")).toBe(
      `${launchEnv.SITE_URL}/og/event-types-night-markets.png`,
    );
    // Every page's Event Types menu lists it, after the others (its order is the highest).
    const menu = hrefs(page("/pricing")).filter((href) => href.startsWith("/event-types/"));
    expect(menu.at(-1)).toBe(path);
    const sitemap = readFileSync(join(copy, "build", "client", "sitemap.xml"), "utf8");
    expect(sitemap).toContain(`<loc>${launchEnv.SITE_URL}${path}</loc>`);
  });

  it("a feature page added as one file has its page, head, cards on home and sitemap line", () => {
    const path = "/features/door-check-in";
    const doorCheckIn = page(path);
    expect(textOf(doorCheckIn.find((n) => n.tagName === "h1") ?? doorCheckIn[0]!)).toBe(
      "Know who has arrived before the doors open",
    );
    expect(textOf(doorCheckIn.find((n) => n.tagName === "title") ?? doorCheckIn[0]!)).toMatch(
      /^Vendor Check-In at Load-In/,
    );
    expect(meta(doorCheckIn, "og:image")).toBe(
      `${launchEnv.SITE_URL}/og/features-door-check-in.png`,
    );
    // Home's feature cards link it, after the others (its order is the highest), and so do the other feature pages.
    const cards = hrefs(page("/")).filter((href) => href.startsWith("/features/"));
    expect(cards.at(-1)).toBe(path);
    expect(hrefs(page("/features/automated-messaging"))).toContain(path);
    const sitemap = readFileSync(join(copy, "build", "client", "sitemap.xml"), "utf8");
    expect(sitemap).toContain(`<loc>${launchEnv.SITE_URL}${path}</loc>`);
  });
});
