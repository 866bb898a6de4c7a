// The guide centre's copy and heads: /guides, a page per event type its guides serve, each guide. Its words are
// content/pages/guides.yaml; the guides themselves content/guides/ (read by app/content/guides.ts).
import { paths } from "../config/paths";
import { fillIn } from "./fill-in";
import { eventTypeNames } from "./navigation";
import { guideCentrePage, guideSummaries } from "./store";

/** "Flea Markets" for "flea-markets"; undefined for a slug that is no event type. */
export const eventTypeName = (slug: string): string | undefined =>
  (eventTypeNames as Record<string, string | undefined>)[slug];

const texts = guideCentrePage;
/** The event type's name in running text: "flea markets" for "Flea Markets". */
const inText = (name: string) => name.toLowerCase();
const forType = (text: string, name: string) =>
  fillIn(text, { eventType: inText(name), EventType: name });

export const guideCentreCopy = {
  badge: texts.badge,
  title: texts.title,
  // Also the Atom feed's description (scripts/postbuild.ts).
  subline: texts.subline,
  feedTitle: texts.feedTitle,
  filterLabel: texts.filterLabel,
  allGuides: texts.allGuides,
  feed: texts.feed,
  readingTime: (minutes: number) => fillIn(texts.readingTime, { minutes: String(minutes) }),
  published: texts.published,
  updated: texts.updated,
  contents: texts.contents,
  related: texts.related,
  servesLabel: texts.servesLabel,
  eventTypeSection: (name: string) => forType(texts.eventTypeTitle, name),
  eventTypeIntro: texts.eventTypeIntro,
  allForType: (name: string) => forType(texts.allForType, name),
  cta: texts.cta,
  heads: {
    index: texts.head,
    eventType: (name: string) => ({
      title: forType(texts.eventTypeHead.title, name),
      description: forType(texts.eventTypeHead.description, name),
      keywords: texts.eventTypeHead.keywords.map((keyword) => forType(keyword, name)),
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
      keywords: guide.eventTypes.map((type) =>
        fillIn(texts.guideKeyword, { eventType: `${eventTypeName(type)?.toLowerCase()}` }),
      ),
    };
  return undefined;
}
