import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { renderPlaceholders } from "./fill-in.ts";
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

/** Every `{{name}}` left in the strings of a value, with the field it is in ("venueDemo.booths.detail"). */
function placeholdersIn(value: unknown, field: string): { field: string; name: string }[] {
  if (typeof value === "string")
    return [...value.matchAll(/\{\{\s*([A-Za-z]+)\s*\}\}/g)].map((match) => ({
      field,
      name: match[1] ?? "",
    }));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) =>
      placeholdersIn(item, field ? `${field}.${key}` : key),
    );
  return [];
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
    // Only the render-time placeholders are left (fill-in.ts), each in a field that takes it, and kept there.
    const {
      site,
      guideCentre,
      productPictures,
      howItWorks,
      feeCalculator,
      venueDemo,
      venueMaps,
      ...pages
    } = content;
    expect(JSON.stringify(pages)).not.toContain("{{");
    const parts = {
      site,
      guideCentre,
      productPictures,
      howItWorks,
      islands: { feeCalculator, venueDemo, venueMaps },
    } satisfies Record<keyof typeof renderPlaceholders, unknown>;
    for (const [part, value] of Object.entries(parts)) {
      const kept: Readonly<Record<string, readonly string[]>> =
        renderPlaceholders[part as keyof typeof parts];
      const left = placeholdersIn(value, "");
      const within = (field: string, key: string) => field === key || field.startsWith(`${key}.`);
      for (const { field, name } of left) {
        const allowedHere = Object.entries(kept).some(
          ([key, names]) => within(field, key) && names.includes(name),
        );
        expect(allowedHere, `${part}: {{${name}}} left in ${field}`).toBe(true);
      }
      for (const [key, names] of Object.entries(kept))
        expect(
          left.some(({ field, name }) => within(field, key) && names.includes(name)),
          `${part}: ${key} keeps its placeholder`,
        ).toBe(true);
    }
    // The press page counts the published event types, so the draft is not counted either.
    expect(JSON.stringify(content.legal.press)).toContain(
      `Made for ${content.eventTypes.length} kinds of events`,
    );
  });
});
