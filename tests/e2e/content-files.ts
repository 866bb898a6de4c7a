// The published event-type and feature pages as their files in content/ say, read with node:fs: what each page
// should show comes from the editors' files, never from the code that builds the pages, nor from a count here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const contentDir = join(import.meta.dirname, "../../content");

interface PageFile {
  slug: string;
  name: string;
  order: number;
  draft?: boolean;
}

export interface EventTypeFile extends PageFile {
  headline: string;
  ctaLabel: string;
  letsGoTitle: string;
  noun: string;
  showSampleEvent?: boolean;
  showTestimonials?: boolean;
  venueMap: { description: string };
}

export interface FeatureFile extends PageFile {
  headline: string;
}

/** A collection's published files (drafts left out), in their `order`: the order the site lists them in. */
function published<T extends PageFile>(collection: string): T[] {
  const folder = join(contentDir, collection);
  return readdirSync(folder)
    .filter((file) => file.endsWith(".yaml"))
    .sort()
    .map((file) => ({
      ...(parse(readFileSync(join(folder, file), "utf8")) as Omit<T, "slug">),
      slug: file.slice(0, -".yaml".length),
    }))
    .filter((entry) => entry.draft !== true)
    .sort((a, b) => a.order - b.order) as T[];
}

export const eventTypeFiles = published<EventTypeFile>("event-types");
export const featureFiles = published<FeatureFile>("features");

/** content/site.yaml as its editors wrote it: the fields the tests read. */
export const siteFile = parse(readFileSync(join(contentDir, "site.yaml"), "utf8")) as {
  tagline: string;
  header: { mainNav: string; mobileNav: string };
};

/** The venue demo's part of content/islands.yaml: the fields the demo's tests read. */
interface VenueDemoFile {
  mapLabel: string;
  publicMapLabel: string;
  noScript: string;
  chooseHint: string;
  tapHint: string;
  chosenTap: string;
  waitingTitle: string;
  publicTitle: string;
  markedLabel: string;
  availableCount: string;
  modes: { organizer: string; public: string; vendor: string };
  legend: { open: string; premium: string; assigned: string; taken: string };
  vendorCard: { waiting: string; inBooth: string; about: string };
  assignments: { assigned: string; moved: string; alreadyThere: string; refused: string };
  vendors: { name: string; short: string; website: string; social: string }[];
  bookedVendors: string[];
  pickAndPayVendor: string;
  booths: Record<
    | "detail"
    | "public"
    | "standard"
    | "premium"
    | "open"
    | "available"
    | "takenBy"
    | "taken"
    | "picked"
    | "pay"
    | "paid",
    string
  >;
}

/** content/islands.yaml as its editors wrote it. */
export const islandsFile = parse(readFileSync(join(contentDir, "islands.yaml"), "utf8")) as {
  venueDemo: VenueDemoFile;
};

/** A text with the `{{placeholders}}` a page fills as it shows it replaced by the values given. */
export function filled(text: string, values: Readonly<Record<string, string>>): string {
  return Object.entries(values).reduce(
    (result, [name, value]) => result.replaceAll(`{{${name}}}`, value),
    text,
  );
}
