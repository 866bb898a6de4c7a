// The guide centre's copy and heads: /guides, a page per event type its guides serve, each guide. Guides
// themselves are content files (content/guides/, read by app/content/guides.ts).
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { guideFeedCopy } from "./guide-feed";
import { eventTypeNames } from "./navigation";
import { guideSummaries } from "./store";

/** "Flea Markets" for "flea-markets"; undefined for a slug that is no event type. */
export const eventTypeName = (slug: string): string | undefined =>
  (eventTypeNames as Record<string, string | undefined>)[slug];

export const guideCentreCopy = {
  badge: "Guides",
  title: "Guides for organizers",
  subline: guideFeedCopy.description,
  filterLabel: "Show guides for",
  allGuides: "All guides",
  feed: "Subscribe to new guides (Atom feed)",
  readingTime: (minutes: number) => `${minutes} min read`,
  published: "Published",
  updated: "Updated",
  contents: "On this page",
  related: "Related guides",
  servesLabel: "For",
  eventTypeSection: (name: string) => `Guides for ${name.toLowerCase()}`,
  eventTypeIntro: "Practical guides for organizers, free to read.",
  allForType: (name: string) => `All guides for ${name.toLowerCase()}`,
  cta: {
    title: "Put this guide to work",
    body: `Set up your event in ${siteConfig.name}: free for organizers, and the team sets up your first venue map for free.`,
    label: "Sign Up Free",
  },
  heads: {
    index: {
      title: "Guides for Market, Show and Festival Organizers",
      description:
        "Free guides for organizers of markets, shows and festivals: vendor applications, venue maps, payment windows, acceptance models, event series.",
      keywords: ["event organizer guides", "vendor management guide", "market organizer tips"],
    },
    eventType: (name: string) => ({
      title: `Guides for ${name} Organizers`,
      description: `Practical guides for organizers of ${name.toLowerCase()}: vendor applications, venue maps, payments and more.`,
      keywords: [`${name.toLowerCase()} organizer guide`, "vendor management guide"],
    }),
  },
} as const;

/** The head of a guide-centre path (title, description, keywords), or undefined for any other path. */
export function guideCentreHeadFor(
  path: string,
): { title: string; description: string; keywords: readonly string[] } | undefined {
  if (path === paths.guides) return guideCentreCopy.heads.index;
  const [, first, second, third] = path.split("/");
  if (first !== "guides") return undefined;
  const typeName = third ? eventTypeName(third) : undefined;
  if (second === "type" && typeName) return guideCentreCopy.heads.eventType(typeName);
  const guide = guideSummaries.find((g) => g.slug === second);
  if (guide && third === undefined)
    return {
      title: guide.title,
      description: guide.description,
      keywords: guide.eventTypes.map((type) => `${eventTypeName(type)?.toLowerCase()} guide`),
    };
  return undefined;
}
