// The published guides, read from content/guides/ here in Node and inlined as data in Vite builds (the pictures
// plugin replaces this module with its exports as literals, so the browser gets no reader).
import { createReader } from "@keystatic/core/reader";
import keystaticConfig from "../../keystatic.config.ts";
import { type GuideEntryInput, readGuides, summaryOf } from "./guides.ts";
import { contentRoot } from "./read.ts";

export { contentRoot };

/** The published guides, newest first, and their summaries; a broken file throws, naming it and its field. */
export async function readGuideContent(root = contentRoot()) {
  const reader = createReader(root, keystaticConfig);
  const entries: GuideEntryInput[] = [];
  for (const slug of (await reader.collections.guides.list()).sort()) {
    try {
      const entry = await reader.collections.guides.readOrThrow(slug);
      if (!entry.draft) entries.push({ ...entry, slug });
    } catch (error) {
      const message = (error as Error).message.replace(
        /^Invalid data for "[^"]*" in collection "[^"]*": /,
        "",
      );
      throw new Error(`Invalid content in content/guides/${slug}.mdoc: ${message}`, {
        cause: error,
      });
    }
  }
  // Every event-type file, drafts included: a guide may name an event type whose page is not out yet.
  const eventTypes = await reader.collections.eventTypes.list();
  const guides = await readGuides(entries, root, eventTypes);
  return { guideEntries: guides, guideSummaries: guides.map(summaryOf) };
}

const content = await readGuideContent();

export const guideEntries = content.guideEntries;
export const guideSummaries = content.guideSummaries;
