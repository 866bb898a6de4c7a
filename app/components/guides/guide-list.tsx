// A list of guides as cards: title (the link), description, date and reading time.
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { guideCentreCopy as copy } from "../../content/guide-centre";
import type { GuideSummary } from "../../content/guides";

/** "November 28, 2026" from an ISO date, the same in every time zone. */
export function formatGuideDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

interface GuideListProps {
  guides: readonly GuideSummary[];
  /** The heading level of each card's title, under the heading the list sits beneath. */
  headingLevel?: "h2" | "h3";
  /** Fewer words: the related guides and an event-type page's section show titles and reading time only. */
  compact?: boolean;
}

export function GuideList({ guides, headingLevel = "h2", compact = false }: GuideListProps) {
  const Heading = headingLevel;
  return (
    <ul className={`grid gap-6 ${compact ? "md:grid-cols-3" : "md:grid-cols-2"}`}>
      {guides.map((guide) => (
        <li
          key={guide.slug}
          className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-700"
        >
          <Heading className="text-xl font-semibold text-ink">
            {/* The whole card is the link's target area; the title is its name. */}
            <Link
              to={paths.guide(guide.slug)}
              className="after:absolute after:inset-0 after:content-['']"
            >
              {guide.title}
            </Link>
          </Heading>
          {compact ? null : <p className="mt-3 text-muted">{guide.description}</p>}
          <p className="mt-auto pt-4 text-sm text-muted">
            {compact ? null : (
              <>
                <time dateTime={guide.publishedDate}>{formatGuideDate(guide.publishedDate)}</time>
                {" · "}
              </>
            )}
            {copy.readingTime(guide.readingMinutes)}
          </p>
        </li>
      ))}
    </ul>
  );
}
