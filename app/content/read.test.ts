import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { readContent } from "./read.ts";

const repoRoot = join(import.meta.dirname, "../..");
const roots: string[] = [];

/** A copy of content/ to change, as a person editing would. */
async function contentCopy(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "boothpilot-content-"));
  roots.push(root);
  await cp(join(repoRoot, "content"), join(root, "content"), { recursive: true });
  return root;
}

afterEach(async () => {
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

describe("content read at build", () => {
  it("stops the build on a broken file, naming the file and the field", async () => {
    const root = await contentCopy();
    const file = join(root, "content/event-types/flea-markets.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^order: .*$/m, "order: soon"));
    const previous = process.env.CONTENT_ROOT;
    process.env.CONTENT_ROOT = root;
    try {
      // The site script's build: the smallest one that reads content through the plugin.
      await expect(
        build({
          configFile: join(repoRoot, "vite.site-script.config.ts"),
          root: repoRoot,
          logLevel: "silent",
          build: { write: false },
        }),
      ).rejects.toThrow(
        "Invalid content in content/event-types/flea-markets.yaml: order: Must be a number",
      );
    } finally {
      if (previous === undefined) delete process.env.CONTENT_ROOT;
      else process.env.CONTENT_ROOT = previous;
    }
  });

  it("names the file and the field of an unknown placeholder", async () => {
    const root = await contentCopy();
    const file = join(root, "content/event-types/card-shows.yaml");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(/^headline: .*$/m, "headline: Only {{price}} a table"),
    );
    await expect(readContent(root)).rejects.toThrow(
      "Invalid content in content/event-types/card-shows.yaml: headline: unknown placeholder {{price}}",
    );
  });

  it("takes a render-time placeholder in its own field only", async () => {
    const root = await contentCopy();
    const file = join(root, "content/islands.yaml");
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(/^ {2}tapHint: .*$/m, "  tapHint: Tap {{vendor}}"),
    );
    await expect(readContent(root)).rejects.toThrow(
      "Invalid content in content/islands.yaml: venueDemo.tapHint: unknown placeholder {{vendor}}",
    );
  });

  it("takes a render-time placeholder in every item of a list whose field allows it", async () => {
    const root = await contentCopy();
    const file = join(root, "content/pages/guides.yaml");
    const text = await readFile(file, "utf8");
    // One more keyword in the event-type pages' heads, after the last.
    await writeFile(
      file,
      text.replace(/^guideKeyword:/m, "    - '{{eventType}} tips'\nguideKeyword:"),
    );
    expect((await readContent(root)).guideCentre.eventTypeHead.keywords).toContain(
      "{{eventType}} tips",
    );
    await writeFile(file, text.replace(/^badge: .*$/m, "badge: Guides for {{eventType}}"));
    await expect(readContent(root)).rejects.toThrow(
      "Invalid content in content/pages/guides.yaml: badge: unknown placeholder {{eventType}}",
    );
  });

  it("names a one-off page's file and field when a required text is missing", async () => {
    const root = await contentCopy();
    const file = join(root, "content/pages/about.yaml");
    await writeFile(file, (await readFile(file, "utf8")).replace(/^ {2}badge: .*\n/m, ""));
    await expect(readContent(root)).rejects.toThrow(
      "Invalid content in content/pages/about.yaml: hero.badge: Badge must not be empty",
    );
  });

  it("leaves a draft out, and fills the placeholders from config", async () => {
    const root = await contentCopy();
    const file = join(root, "content/event-types/art-fairs.yaml");
    await writeFile(file, `draft: true\n${await readFile(file, "utf8")}`);
    const content = await readContent(root);
    expect(content.eventTypes.map((entry) => entry.slug)).not.toContain("art-fairs");
    expect(content.eventTypes.map((entry) => entry.slug)).toContain("card-shows");
    // Only the render-time placeholders are left, in the fields that take them.
    const { chosenKeys, chosenTap, booths, vendorCard, assignments, availableCount, ...venueDemo } =
      content.venueDemo;
    const { detail, public: publicView, takenBy, taken, picked, bookAs, quote, pay, paid } = booths;
    const { eventTypeClosing, eventTypeBadge, exploreFeature, ...site } = content.site;
    const { readingTime, eventTypeTitle, allForType, eventTypeHead, guideKeyword, ...guideCentre } =
      content.guideCentre;
    expect([chosenKeys, chosenTap].every((text) => text.includes("{{vendor}}"))).toBe(true);
    expect(eventTypeClosing).toContain("{{noun}}");
    expect(eventTypeBadge).toContain("{{EventType}}");
    expect(exploreFeature).toContain("{{feature}}");
    expect(readingTime).toContain("{{minutes}}");
    expect(eventTypeHead.title).toContain("{{EventType}}");
    expect(
      [eventTypeTitle, allForType, guideKeyword, eventTypeHead.description].every((text) =>
        text.includes("{{eventType}}"),
      ),
    ).toBe(true);
    expect(
      [
        detail,
        publicView,
        takenBy,
        taken,
        picked,
        bookAs,
        quote,
        pay,
        paid,
        vendorCard.inBooth,
        vendorCard.about,
        availableCount,
        ...Object.values(assignments),
      ].every((text) => text.includes("{{")),
    ).toBe(true);
    const { standard, premium, open, available, pickHint } = booths;
    expect(
      JSON.stringify({
        ...content,
        venueDemo: {
          ...venueDemo,
          booths: { standard, premium, open, available, pickHint },
          waiting: vendorCard.waiting,
        },
        site,
        guideCentre,
      }),
    ).not.toContain("{{");
    // The press page counts the published event types, so the draft is not counted either.
    expect(JSON.stringify(content.legal.press)).toContain(
      `Made for ${content.eventTypes.length} kinds of events`,
    );
  });
});
