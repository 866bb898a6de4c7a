// The guide centre: every published guide, newest first (/guides), or those serving one event type
// (/guides/type/<event-type>): a page each, so the filter works without JavaScript.
import { Link, useLocation } from "react-router";
import { GuideList } from "../components/guides/guide-list";
import { PageHero } from "../components/marketing/page-hero";
import { guideEventTypes, normalizePathname, paths } from "../config/paths";
import { guideCentreCopy as copy, eventTypeName } from "../content/guide-centre";
import { guideSummaries } from "../content/store";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/guides";

const typePrefix = `${paths.guides}/type/`;

/** The event type a listing's path filters by, or undefined on /guides itself. */
function eventTypeOf(pathname: string): string | undefined {
  const path = normalizePathname(pathname);
  return path.startsWith(typePrefix) ? path.slice(typePrefix.length) : undefined;
}

export const meta = ({ location }: Route.MetaArgs) => [
  ...headForPath(location.pathname),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    href: paths.guidesFeed,
    title: copy.feedTitle,
  },
];

export default GuidesContent;

function FilterLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-full border px-4 py-2 text-sm font-semibold ${current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-ink hover:border-brand-700"}`}
    >
      {children}
    </Link>
  );
}

function GuidesContent() {
  const eventType = eventTypeOf(useLocation().pathname);
  const name = eventType ? eventTypeName(eventType) : undefined;
  const guides = eventType
    ? guideSummaries.filter((guide) => guide.eventTypes.includes(eventType))
    : guideSummaries;
  return (
    <>
      <PageHero
        badge={copy.badge}
        title={name ? copy.eventTypeSection(name) : copy.title}
        subline={copy.subline}
      />
      <section aria-labelledby="guides-filter" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 pb-6">
          <nav aria-labelledby="guides-filter">
            <h2 id="guides-filter" className="text-sm font-semibold text-muted">
              {copy.filterLabel}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              <li>
                <FilterLink to={paths.guides} current={!eventType}>
                  {copy.allGuides}
                </FilterLink>
              </li>
              {guideEventTypes.map((type) => (
                <li key={type}>
                  <FilterLink to={paths.guidesForType(type)} current={type === eventType}>
                    {eventTypeName(type) ?? type}
                  </FilterLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>
      <section
        aria-label={name ? copy.eventTypeSection(name) : copy.allGuides}
        className="bg-white"
      >
        <div className="mx-auto max-w-6xl px-4 pb-16">
          <GuideList guides={guides} />
          <p className="mt-10">
            <a
              href={paths.guidesFeed}
              type="application/atom+xml"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              {copy.feed}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
