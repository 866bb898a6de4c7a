// The guides' Atom feed (/guides/feed.xml): every published guide, newest first, written by the `feed` package.
import { Feed } from "feed";
import type { GuideSummary } from "../../app/content/guides.ts";

export interface FeedSite {
  name: string;
  url: string;
  title: string;
  description: string;
  /** The path of the feed and of the guide centre on the site. */
  feedPath: string;
  guidesPath: string;
  guidePath: (slug: string) => string;
}

/** The feed's XML: one entry per guide, its dates those of the guide (the feed's own: the latest update). */
export function guidesFeedXml(guides: readonly GuideSummary[], site: FeedSite): string {
  const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const latest = guides
    .map((g) => g.updatedDate)
    .sort()
    .at(-1);
  const feed = new Feed({
    title: site.title,
    description: site.description,
    id: `${site.url}${site.guidesPath}`,
    link: `${site.url}${site.guidesPath}`,
    language: "en",
    copyright: `© ${site.name}`,
    updated: latest ? date(latest) : new Date(0),
    generator: site.name,
    feedLinks: { atom: `${site.url}${site.feedPath}` },
    author: { name: site.name, link: `${site.url}/` },
  });
  for (const guide of guides) {
    const url = `${site.url}${site.guidePath(guide.slug)}`;
    feed.addItem({
      title: guide.title,
      id: url,
      link: url,
      description: guide.description,
      date: date(guide.updatedDate),
      published: date(guide.publishedDate),
      author: [{ name: site.name, link: `${site.url}/` }],
    });
  }
  return feed.atom1();
}
