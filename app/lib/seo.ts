// The one head builder every route uses: title, description, canonical, Open Graph, Twitter, robots, JSON-LD.
import type { MetaDescriptor } from "react-router";
import { normalizePathname, siteRoutes } from "../config/paths";
import { siteConfig } from "../config/site";
import { pageHeadFor } from "../content/page-heads";
import { shareCardFor, shareCardSize } from "./share-card";
import { breadcrumbJsonLd } from "./structured-data";

export interface HeadInput {
  /** Path of the page, from the route table; none for the 404 page (no canonical address). */
  path?: string;
  title: string;
  description: string;
  keywords?: readonly string[];
  noindex?: boolean;
  ogType?: "website" | "article";
  /** Extra structured data; Organization is always added. */
  jsonLd?: readonly Record<string, unknown>[];
}

export function absoluteUrl(path: string): string {
  return path === "/" ? `${siteConfig.url}/` : `${siteConfig.url}${path}`;
}

export const organizationJsonLd = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: siteConfig.name,
  url: `${siteConfig.url}/`,
  logo: `${siteConfig.url}/logo.svg`,
  email: siteConfig.mailboxes.general,
  sameAs: siteConfig.social.map((s) => s.href),
} as const;

export function fullTitle(title: string): string {
  return `${title} | ${siteConfig.name}`;
}

export function buildHead(input: HeadInput): MetaDescriptor[] {
  const title = fullTitle(input.title);
  const url = input.path === undefined ? undefined : absoluteUrl(input.path);
  const card = shareCardFor(input.path);
  const image = `${siteConfig.url}${card.image}`;
  const meta: MetaDescriptor[] = [{ title }, { name: "description", content: input.description }];
  if (input.keywords && input.keywords.length > 0) {
    meta.push({ name: "keywords", content: input.keywords.join(", ") });
  }
  if (url)
    meta.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
  meta.push(
    { name: "robots", content: input.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:locale", content: siteConfig.seo.locale },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(shareCardSize.width) },
    { property: "og:image:height", content: String(shareCardSize.height) },
    { property: "og:image:alt", content: card.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: siteConfig.seo.twitterSite },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: card.alt },
    { tagName: "link", rel: "apple-touch-icon", href: siteConfig.seo.appleTouchIcon },
    { tagName: "link", rel: "manifest", href: siteConfig.seo.manifest },
  );
  for (const data of [organizationJsonLd, ...(input.jsonLd ?? [])]) {
    meta.push({ "script:ld+json": data });
  }
  return meta;
}

/** Head of a route-table page: its copy from content, noindex from the route table. */
export function headForPath(
  path: string,
  extra: Pick<HeadInput, "jsonLd" | "ogType"> = {},
): MetaDescriptor[] {
  const route = siteRoutes.find((r) => r.path === normalizePathname(path));
  if (!route) throw new Error(`${path} is not in the route table (app/config/paths.ts)`);
  const breadcrumb = breadcrumbJsonLd(route.path);
  return buildHead({
    path: route.path,
    ...pageHeadFor(route.path),
    noindex: !route.indexable,
    ...extra,
    jsonLd: [...(extra.jsonLd ?? []), ...(breadcrumb ? [breadcrumb] : [])],
  });
}
