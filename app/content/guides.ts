// The guides as the site shows them: each entry's Markdoc body checked and turned into a renderable tree (JSON),
// its table of contents, reading time, pictures (ADR 44) and related guides, newest first. Node only.
import Markdoc, { type Config, type Node, type RenderableTreeNode } from "@markdoc/markdoc";

const { Tag } = Markdoc;

import { describePicture, markLargestEager, type Picture } from "./pictures.ts";

/** A guide entry as Keystatic's reader returns it (keystatic.config.ts, collection "guides"), with its slug. */
export interface GuideEntryInput {
  slug: string;
  title: string;
  description: string;
  publishedDate: string | null;
  updatedDate: string | null;
  eventTypes: readonly string[];
  cover:
    | { discriminant: false }
    | { discriminant: true; value: { image: string | null; alt: string } };
  body: () => Promise<{ node: Node }>;
}

export interface GuideHeading {
  id: string;
  title: string;
}

/** What a listing, the feed and the sitemap need of a guide. */
export interface GuideSummary {
  slug: string;
  title: string;
  description: string;
  /** ISO dates (YYYY-MM-DD). */
  publishedDate: string;
  updatedDate: string;
  eventTypes: string[];
  readingMinutes: number;
}

export interface Guide extends GuideSummary {
  cover: Picture | null;
  /** Markdoc's renderable tree of the body: JSON, rendered by app/components/guides/guide-body.tsx. */
  body: RenderableTreeNode[];
  /** The body's second-level headings, in order, with their anchors. */
  toc: GuideHeading[];
  words: number;
  /** Every picture of the guide (cover and body), for the build to convert. */
  pictures: Picture[];
  /** Up to three other guides, the ones serving most of the same event types first. */
  related: string[];
}

/** Words read a minute: a common figure for reading on screen. */
export const wordsPerMinute = 200;

/** The anchor of a heading: lower case, words joined by hyphens, made unique on the page. */
export function anchorOf(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** The plain text of a node (a heading's words). */
function textOf(node: Node): string {
  let text = "";
  for (const child of node.walk()) if (child.type === "text") text += child.attributes.content;
  return text;
}

function countWords(node: Node): number {
  let words = 0;
  for (const child of node.walk())
    if (child.type === "text")
      words += String(child.attributes.content).split(/\s+/).filter(Boolean).length;
  return words;
}

/** The paragraph's only image, when a picture stands on its own line (then it is a figure, not inline). */
function loneImage(paragraph: Node): Node | undefined {
  const [inline] = paragraph.children;
  if (paragraph.children.length !== 1 || inline?.type !== "inline") return undefined;
  const parts = inline.children.filter(
    (child) => !(child.type === "text" && String(child.attributes.content).trim() === ""),
  );
  return parts.length === 1 && parts[0]?.type === "image" ? parts[0] : undefined;
}

/** Markdoc's settings for a guide: headings with anchors, pictures as figures with their converted copies. */
function markdocConfig(pictures: Map<string, Picture>, toc: GuideHeading[]): Config {
  const taken = new Set<string>();
  const figure = (image: Node) => {
    const picture = pictures.get(String(image.attributes.src)) as Picture;
    const caption = image.attributes.title ? String(image.attributes.title) : undefined;
    return new Tag("Picture", { picture, caption });
  };
  return {
    nodes: {
      heading: {
        children: ["inline"],
        attributes: { level: { type: Number, required: true } },
        transform(node, config) {
          const level = Number(node.attributes.level);
          const title = textOf(node);
          const id = anchorOf(title, taken);
          if (level === 2) toc.push({ id, title });
          return new Tag(`h${level}`, { id }, node.transformChildren(config));
        },
      },
      paragraph: {
        transform(node, config) {
          const image = loneImage(node);
          return image ? figure(image) : new Tag("p", {}, node.transformChildren(config));
        },
      },
      image: {
        attributes: {
          src: { type: String, required: true },
          alt: { type: String },
          title: { type: String },
        },
        transform: figure,
      },
      document: {
        transform: (node, config) => new Tag("div", {}, node.transformChildren(config)),
      },
    },
  };
}

/** One guide, read and checked: a broken body or a picture without alt text throws, naming the field. */
async function readGuide(entry: GuideEntryInput, root: string): Promise<Guide> {
  const { node } = await entry.body();
  const errors = Markdoc.validate(node).filter((e) => e.error.level !== "warning");
  if (errors.length > 0) {
    const [first] = errors;
    throw new Error(`body: line ${first?.lines[0] ?? "?"}: ${first?.error.message}`);
  }
  const pictures = new Map<string, Picture>();
  for (const child of node.walk()) {
    if (child.type !== "image") continue;
    const src = String(child.attributes.src);
    const alt = String(child.attributes.alt ?? "");
    if (!pictures.has(src)) pictures.set(src, await describePicture(src, alt, root));
  }
  let cover: Picture | null = null;
  if (entry.cover.discriminant) {
    const { image, alt } = entry.cover.value;
    if (!image) throw new Error("cover: a cover picture needs its image");
    cover = await describePicture(image, alt, root);
  }
  const all = [...(cover ? [cover] : []), ...pictures.values()];
  markLargestEager(all);
  const toc: GuideHeading[] = [];
  const tree = Markdoc.transform(node, markdocConfig(pictures, toc));
  const words = countWords(node);
  if (!entry.publishedDate) throw new Error("publishedDate: a guide needs its publication date");
  return {
    slug: entry.slug,
    title: entry.title,
    description: entry.description,
    publishedDate: entry.publishedDate,
    updatedDate: entry.updatedDate ?? entry.publishedDate,
    eventTypes: [...entry.eventTypes],
    readingMinutes: Math.max(1, Math.round(words / wordsPerMinute)),
    cover,
    body: Tag.isTag(tree) ? tree.children : [],
    toc,
    words,
    pictures: all,
    related: [],
  };
}

/** Newest first; a later update, then the title, decide between guides published the same day. */
export function newestFirst(a: GuideSummary, b: GuideSummary): number {
  return (
    b.publishedDate.localeCompare(a.publishedDate) ||
    b.updatedDate.localeCompare(a.updatedDate) ||
    a.title.localeCompare(b.title)
  );
}

/** The guides sharing most event types with `guide`, newest first among equals; at most `count`. */
export function relatedTo(guide: GuideSummary, all: readonly GuideSummary[], count = 3): string[] {
  const shared = (other: GuideSummary) =>
    other.eventTypes.filter((type) => guide.eventTypes.includes(type)).length;
  return all
    .filter((other) => other.slug !== guide.slug)
    .map((other) => ({ other, score: shared(other) }))
    .sort((a, b) => b.score - a.score || newestFirst(a.other, b.other))
    .slice(0, count)
    .map(({ other }) => other.slug);
}

/**
 * The published guides (the reader has left drafts out), newest first. `eventTypeSlugs` are the site's event
 * types: a guide naming another one fails, naming the guide and the field.
 */
export async function readGuides(
  entries: readonly GuideEntryInput[],
  root: string,
  eventTypeSlugs: readonly string[],
): Promise<Guide[]> {
  if (eventTypeSlugs.length === 0)
    throw new Error("readGuides: no event types to check guides against");
  const guides: Guide[] = [];
  for (const entry of entries) {
    try {
      const unknown = entry.eventTypes.filter((type) => !eventTypeSlugs.includes(type));
      if (unknown.length > 0)
        throw new Error(`eventTypes: no event type "${unknown.join('", "')}"`);
      guides.push(await readGuide(entry, root));
    } catch (error) {
      throw new Error(
        `Invalid content in content/guides/${entry.slug}.mdoc: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }
  guides.sort(newestFirst);
  for (const guide of guides) guide.related = relatedTo(guide, guides);
  return guides;
}

/** A guide without its body: what every page but its own needs. */
export function summaryOf(guide: Guide): GuideSummary {
  const { slug, title, description, publishedDate, updatedDate, eventTypes, readingMinutes } =
    guide;
  return { slug, title, description, publishedDate, updatedDate, eventTypes, readingMinutes };
}
