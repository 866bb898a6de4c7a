import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Markdoc from "@markdoc/markdoc";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuideEntryInput, readGuides } from "./guides";
import { copyOf, describePicture, originalFile } from "./pictures";

let root: string;
const types = ["flea-markets", "card-shows", "art-fairs"];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "guides-test-"));
  const folder = join(root, "content", "pictures", "guides", "a");
  await mkdir(folder, { recursive: true });
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#2e49c9" } }).png();
  await png(2400, 1200).toFile(join(folder, "wide.png"));
  await png(600, 400).toFile(join(folder, "small.png"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function entry(slug: string, body: string, more: Partial<GuideEntryInput> = {}): GuideEntryInput {
  return {
    slug,
    title: `Guide ${slug}`,
    description: `About ${slug}`,
    publishedDate: "2026-11-01",
    updatedDate: "2026-11-01",
    eventTypes: ["flea-markets"],
    cover: { discriminant: false },
    body: async () => ({ node: Markdoc.parse(body) }),
    ...more,
  };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("guides", () => {
  it("read a body into headings with anchors, a table of contents of its second level and a reading time", async () => {
    const [guide] = await readGuides(
      [
        entry(
          "a",
          `Intro.\n\n## Walk the site\n\n${words(390)}\n\n### Detail\n\nText.\n\n## Walk the site\n\nMore.`,
        ),
      ],
      root,
      types,
    );
    expect(guide?.toc).toEqual([
      { id: "walk-the-site", title: "Walk the site" },
      { id: "walk-the-site-2", title: "Walk the site" },
    ]);
    // 390 words and a few more: two minutes at 200 words a minute.
    expect(guide?.readingMinutes).toBe(2);
    const html = Markdoc.renderers.html(guide?.body ?? []);
    expect(html).toContain('<h2 id="walk-the-site">Walk the site</h2>');
    expect(html).toContain('<h3 id="detail">Detail</h3>');
  });

  it("list newest first and relate each guide to those serving most of the same event types", async () => {
    const guides = await readGuides(
      [
        entry("old", "Old.", {
          publishedDate: "2026-01-01",
          eventTypes: ["flea-markets", "card-shows"],
        }),
        entry("new", "New.", { publishedDate: "2026-06-01", eventTypes: ["art-fairs"] }),
        entry("mid", "Mid.", {
          publishedDate: "2026-03-01",
          eventTypes: ["card-shows", "flea-markets"],
        }),
      ],
      root,
      types,
    );
    expect(guides.map((g) => g.slug)).toEqual(["new", "mid", "old"]);
    expect(guides.find((g) => g.slug === "old")?.related).toEqual(["mid", "new"]);
  });

  it("turn a picture on its own line into a figure, the largest of the page eager and the rest lazy", async () => {
    const [guide] = await readGuides(
      [
        entry(
          "a",
          'Text.\n\n![A small map](/content/pictures/guides/a/small.png "Its caption")\n',
          {
            cover: {
              discriminant: true,
              value: { image: "/content/pictures/guides/a/wide.png", alt: "A wide map" },
            },
          },
        ),
      ],
      root,
      types,
    );
    expect(guide?.cover).toMatchObject({
      alt: "A wide map",
      width: 1920,
      height: 960,
      loading: "eager",
    });
    const [, small] = guide?.pictures ?? [];
    expect(small).toMatchObject({ alt: "A small map", width: 600, height: 400, loading: "lazy" });
    const figure = guide?.body.find((node) => Markdoc.Tag.isTag(node) && node.name === "Picture");
    expect(figure).toMatchObject({
      attributes: { caption: "Its caption", picture: { alt: "A small map" } },
    });
  });

  it("stop the build on a picture without alt text or an unknown event type, naming the file and the field", async () => {
    await expect(
      readGuides([entry("b", "![](/content/pictures/guides/a/small.png)")], root, types),
    ).rejects.toThrow(
      "Invalid content in content/guides/b.mdoc: picture /content/pictures/guides/a/small.png: alt text is required",
    );
    await expect(
      readGuides([entry("c", "Text.", { eventTypes: ["bake-sales"] })], root, types),
    ).rejects.toThrow(
      'Invalid content in content/guides/c.mdoc: eventTypes: no event type "bake-sales"',
    );
  });
});

describe("pictures", () => {
  it("come as AVIF and WebP at each width up to the original's, with the original's proportions", async () => {
    const picture = await describePicture(
      "/content/pictures/guides/a/wide.png",
      "A wide map",
      root,
    );
    expect(picture.variants.map((v) => `${v.format} ${v.width}`)).toEqual([
      "avif 480",
      "avif 960",
      "avif 1440",
      "avif 1920",
      "webp 480",
      "webp 960",
      "webp 1440",
      "webp 1920",
    ]);
    expect(picture.sources[0]?.srcset).toMatch(
      /^\/assets\/pictures\/a-wide-[0-9a-f]{10}-480\.avif 480w, /,
    );
    expect(picture.src).toMatch(/-960\.webp$/);
    for (const variant of [picture.variants[0], picture.variants.at(-1)]) {
      if (!variant) continue;
      const meta = await sharp(await copyOf(picture, variant, root)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        variant.format === "avif" ? "heif" : "webp",
        variant.width,
        variant.width / 2,
      ]);
    }
  });

  it("are only taken from the pictures folder", () => {
    expect(() => originalFile("/public/logo.png")).toThrow("must be under /content/pictures/");
    expect(() => originalFile("/content/pictures/../../etc/passwd")).toThrow();
  });
});
