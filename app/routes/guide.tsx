// A guide: its dates and reading time, cover picture, table of contents, body, a sign-up call to action counted as
// the guide's own goal, and related guides. One template for every file in content/guides/.
import { Link, useLocation } from "react-router";
import { ContentPicture } from "../components/guides/content-picture";
import { GuideBody } from "../components/guides/guide-body";
import { formatGuideDate, GuideList } from "../components/guides/guide-list";
import { CallToAction } from "../components/marketing/call-to-action";
import { normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { guideCentreCopy as copy, eventTypeName } from "../content/guide-centre";
import type { Guide } from "../content/guides";
import { guideEntries, guideSummaries } from "../content/store";
import { headForPath } from "../lib/seo";
import { articleJsonLd } from "../lib/structured-data";
import type { Route } from "./+types/guide";

function guideAt(pathname: string): Guide {
  const slug = normalizePathname(pathname).slice(`${paths.guides}/`.length);
  const guide = guideEntries.find((entry) => entry.slug === slug);
  if (!guide) throw new Error(`${pathname}: no published guide ${slug} in content/guides/`);
  return guide;
}

export const meta = ({ location }: Route.MetaArgs) => {
  const guide = guideAt(location.pathname);
  return headForPath(location.pathname, {
    ogType: "article",
    jsonLd: [
      articleJsonLd({
        path: paths.guide(guide.slug),
        title: guide.title,
        description: guide.description,
        publishedDate: guide.publishedDate,
        updatedDate: guide.updatedDate,
        image: guide.cover?.src,
      }),
    ],
  });
};

export default GuideContent;

/** The cover spans the article's column: at most 48rem wide. */
const coverSizes = "(min-width: 50rem) 48rem, calc(100vw - 2rem)";

function GuideContent() {
  const guide = guideAt(useLocation().pathname);
  const related = guide.related.flatMap((slug) => guideSummaries.filter((g) => g.slug === slug));
  return (
    <>
      <article aria-labelledby="guide-title">
        <header className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pt-10 pb-8 md:pt-14">
            <p className="text-sm font-semibold">
              <Link to={paths.guides} className="text-brand-700 underline underline-offset-4">
                {copy.badge}
              </Link>
            </p>
            <h1
              id="guide-title"
              className="mt-3 text-4xl font-extrabold tracking-tight text-ink md:text-5xl"
            >
              {guide.title}
            </h1>
            <p className="mt-5 text-lg text-muted">{guide.description}</p>
            <p className="mt-5 text-sm text-muted">
              {copy.published}{" "}
              <time dateTime={guide.publishedDate}>{formatGuideDate(guide.publishedDate)}</time>
              {guide.updatedDate !== guide.publishedDate ? (
                <>
                  {" · "}
                  {copy.updated}{" "}
                  <time dateTime={guide.updatedDate}>{formatGuideDate(guide.updatedDate)}</time>
                </>
              ) : null}
              {" · "}
              {copy.readingTime(guide.readingMinutes)}
            </p>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">{copy.servesLabel}</span>
              {guide.eventTypes.map((type) => (
                <Link
                  key={type}
                  to={paths.guidesForType(type)}
                  className="rounded-full bg-brand-100 px-3 py-1 font-medium text-brand-900 hover:bg-brand-200"
                >
                  {eventTypeName(type) ?? type}
                </Link>
              ))}
            </p>
          </div>
        </header>
        <div className="mx-auto max-w-3xl px-4 pb-16">
          {guide.cover ? (
            <ContentPicture picture={guide.cover} sizes={coverSizes} className="mb-10" />
          ) : null}
          {guide.toc.length > 0 ? (
            <nav
              aria-labelledby="guide-contents"
              className="mb-10 rounded-xl border border-slate-200 bg-slate-50 p-6"
            >
              <h2 id="guide-contents" className="text-lg font-semibold text-ink">
                {copy.contents}
              </h2>
              <ol className="mt-3 list-decimal space-y-2 pl-6">
                {guide.toc.map((heading) => (
                  <li key={heading.id}>
                    <a
                      href={`#${heading.id}`}
                      className="text-brand-700 underline underline-offset-4 hover:text-brand-800"
                    >
                      {heading.title}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <GuideBody body={guide.body} />
        </div>
      </article>
      <CallToAction
        id="guide-sign-up"
        title={copy.cta.title}
        body={copy.cta.body}
        primary={{ label: copy.cta.label, href: siteConfig.appLinks.signUp, goal: "guide_sign_up" }}
      />
      {related.length > 0 ? (
        <section aria-labelledby="related-guides" className="bg-white">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="related-guides" className="text-2xl font-bold tracking-tight text-ink">
              {copy.related}
            </h2>
            <div className="mt-6">
              <GuideList guides={related} headingLevel="h3" compact />
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
