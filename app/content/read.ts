// Reads content/ at build time through Keystatic's reader: validated entries, drafts left out, placeholders filled.
import { createReader } from "@keystatic/core/reader";
import keystaticConfig from "../../keystatic.config.ts";
import { renderPlaceholders } from "./fill-in.ts";
import { type GuideEntryInput, readGuides, summaryOf } from "./guides.ts";
import { fillPlaceholders } from "./placeholders.ts";

type Config = typeof keystaticConfig;
type Collections = Config["collections"];
type CollectionName = keyof Collections;
type Reader = ReturnType<typeof createReader<Collections, NonNullable<Config["singletons"]>>>;
/** One entry of a collection as the reader returns it, plus its slug (the file's name). */
export type EntryOf<Name extends CollectionName> = Awaited<
  ReturnType<Reader["collections"][Name]["readOrThrow"]>
> & { slug: string };

/** Where content/ lives: the repository, or CONTENT_ROOT (tests edit and build a copy). */
export function contentRoot(): string {
  return process.env.CONTENT_ROOT ?? process.cwd();
}

type Counted = Readonly<Record<string, string>>;
/**
 * Per field ("venueDemo.chosenKeys"), the placeholders a page fills as it renders: left in the text. A list's
 * field covers its items ("eventTypeHead.keywords" its "eventTypeHead.keywords.0"), however many there are.
 */
type Kept = Readonly<Record<string, readonly string[]>>;

/** The render-time placeholders allowed in a field: its own, or its list's. */
const keptIn = (field: string, kept: Kept): readonly string[] =>
  Object.entries(kept).flatMap(([key, names]) =>
    field === key || field.startsWith(`${key}.`) ? names : [],
  );

/** Every string in the value with its placeholders filled; `field` names where, for the error. */
function filled<T>(value: T, field: string, counted: Counted = {}, kept: Kept = {}): T {
  if (typeof value === "string") {
    const left = Object.fromEntries(keptIn(field, kept).map((name) => [name, `{{${name}}}`]));
    try {
      return fillPlaceholders(value, { ...counted, ...left }) as T;
    } catch (error) {
      throw new Error(`${field}: ${(error as Error).message}`);
    }
  }
  if (Array.isArray(value))
    return value.map((item, i) => filled(item, `${field}.${i}`, counted, kept)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        filled(item, field ? `${field}.${key}` : key, counted, kept),
      ]),
    ) as T;
  }
  return value;
}

/** The file an entry lives in, as the error names it: YAML data, or a guide's Markdoc with its frontmatter. */
function entryFile(name: CollectionName, slug: string): string {
  const collection = keystaticConfig.collections[name];
  const format = collection.format;
  const data = typeof format === "object" && "data" in format ? format.data : "yaml";
  const extension =
    typeof format === "object" && "contentField" in format
      ? "mdoc"
      : data === "json"
        ? "json"
        : "yaml";
  return `${(collection.path ?? "").replace("*", slug)}.${extension}`;
}

/** A collection's published entries (drafts left out), in file-name order; a broken file throws naming it. */
async function readCollection<Name extends CollectionName>(
  reader: Reader,
  name: Name,
): Promise<EntryOf<Name>[]> {
  const collection = reader.collections[name];
  const entries: EntryOf<Name>[] = [];
  for (const slug of (await collection.list()).sort()) {
    const file = entryFile(name, slug);
    try {
      const entry = await collection.readOrThrow(slug);
      if ("draft" in entry && entry.draft === true) continue;
      entries.push({ ...filled(entry, ""), slug } as EntryOf<Name>);
    } catch (error) {
      // Keystatic says 'Invalid data for "x" in collection "y": field: problem'; the file is what to open.
      const message = (error as Error).message.replace(
        /^Invalid data for "[^"]*" in collection "[^"]*":\s*/,
        "",
      );
      throw new Error(`Invalid content in ${file}: ${message}`, { cause: error });
    }
  }
  return entries;
}

type SingletonName = keyof NonNullable<Config["singletons"]>;

/** A one-off page's entry (content/pages/<name>.yaml), placeholders filled; a broken file throws naming it. */
async function readSingleton<Name extends SingletonName>(
  reader: Reader,
  name: Name,
  counted: Counted,
  kept: Kept = {},
) {
  const file = `${keystaticConfig.singletons[name].path}.yaml`;
  try {
    const entry = await reader.singletons[name].readOrThrow();
    return filled(entry, "", counted, kept);
  } catch (error) {
    // Keystatic says 'Invalid data for singleton "x": field: problem' or that the file does not exist.
    const message = (error as Error).message.replace(/^Invalid data for [^:]*:\s*/, "");
    throw new Error(`Invalid content in ${file}: ${message}`, { cause: error });
  }
}

const byOrder = <T extends { order: number | null }>(a: T, b: T) => (a.order ?? 0) - (b.order ?? 0);

/** Everything the site shows from content/, read and checked once per build. */
export async function readContent(root = contentRoot()) {
  const reader = createReader(root, keystaticConfig);
  // Every event-type file, drafts included: a guide may name an event type whose page is not out yet.
  const guides = await readGuides(
    // Read without resolving linked files, a Markdoc body is a function; the entry type's union also
    // holds the resolved form of the reader's other overload.
    (await readCollection(reader, "guides")).map((entry) => ({
      ...entry,
      body: entry.body as GuideEntryInput["body"],
    })),
    root,
    await reader.collections.eventTypes.list(),
  );
  const eventTypes = (await readCollection(reader, "eventTypes")).sort(byOrder);
  // What the one-off pages may count: the published event types ("Made for 11 kinds of events").
  const counted = { eventTypeCount: String(eventTypes.length) };
  const islands = await readSingleton(reader, "islands", counted, renderPlaceholders.islands);
  // The demo's heading and introduction are the pages' (home, the venue-mapping page), not the island's.
  const { title, intro, compactTitle, compactIntro, ...venueDemo } = islands.venueDemo;
  return {
    eventTypes,
    testimonials: (await readCollection(reader, "testimonials")).sort(byOrder),
    features: (await readCollection(reader, "features")).sort(byOrder),
    guides,
    guideSummaries: guides.map(summaryOf),
    site: await readSingleton(reader, "site", counted, renderPlaceholders.site),
    about: await readSingleton(reader, "about", counted),
    contact: await readSingleton(reader, "contact", counted),
    notFound: await readSingleton(reader, "notFound", counted),
    legal: {
      privacyPolicy: await readSingleton(reader, "privacyPolicy", counted),
      termsService: await readSingleton(reader, "termsService", counted),
      security: await readSingleton(reader, "security", counted),
      cookies: await readSingleton(reader, "cookies", counted),
      press: await readSingleton(reader, "press", counted),
      careers: await readSingleton(reader, "careers", counted),
    },
    home: await readSingleton(reader, "home", counted),
    featuresOverview: await readSingleton(reader, "featuresOverview", counted),
    pricing: await readSingleton(reader, "pricing", counted),
    howItWorks: await readSingleton(reader, "howItWorks", counted, renderPlaceholders.howItWorks),
    guideCentre: await readSingleton(
      reader,
      "guideCentre",
      counted,
      renderPlaceholders.guideCentre,
    ),
    productPictures: await readSingleton(
      reader,
      "productPictures",
      counted,
      renderPlaceholders.productPictures,
    ),
    // content/islands.yaml in three parts: a page's script carries the words of its own island only.
    feeCalculator: islands.feeCalculator,
    venueDemo,
    venueDemoSection: { title, intro, compactTitle, compactIntro },
    venueMaps: islands.venueMaps,
  };
}

export type Content = Awaited<ReturnType<typeof readContent>>;
