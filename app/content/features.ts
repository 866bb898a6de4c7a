// Copy of the feature pages, one per file in content/features/, keyed by slug; the buttons' links come from config.
import { type FeatureSlug, normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { ctaLabels } from "./common";
import { featureEntries, featuresPage } from "./store";

export interface FeaturePoint {
  title: string;
  body: string;
}

export interface FeaturePage {
  slug: FeatureSlug;
  name: string;
  /** The page's <h1>. */
  headline: string;
  subline: string;
  highlightsTitle: string;
  highlights: readonly FeaturePoint[];
  /** A second section: numbered steps or a list of named items. */
  detail?: {
    title: string;
    intro: string;
    kind: "steps" | "terms";
    items: readonly FeaturePoint[];
  };
  /** The product picture under the hero (app/components/product/). */
  picture: "email" | "venue-map" | "form-builder";
  video?: { label: string; href: string };
  note?: string;
}

type FeatureEntry = (typeof featureEntries)[number];

/** The second section, if the file gives one. */
function detailOf({ detail }: FeatureEntry): FeaturePage["detail"] {
  if (detail.discriminant === "none") return undefined;
  return { ...detail.value, kind: detail.discriminant };
}

/** The video button, if the file asks for one: its text from the file, its address from the build's config. */
function videoOf({ video }: FeatureEntry): FeaturePage["video"] {
  if (video.discriminant === "none") return undefined;
  return { label: video.value, href: siteConfig.videos[video.discriminant] };
}

export const featurePages: Readonly<Record<FeatureSlug, FeaturePage>> = Object.fromEntries(
  featureEntries.map((entry) => [
    entry.slug,
    {
      slug: entry.slug,
      name: entry.name,
      headline: entry.headline,
      subline: entry.subline,
      highlightsTitle: entry.highlightsTitle,
      highlights: entry.highlights,
      detail: detailOf(entry),
      picture: entry.picture,
      video: videoOf(entry),
      note: entry.note || undefined,
    } satisfies FeaturePage,
  ]),
);

/** The feature page of a location path; throws for a path that is not one (a build error). */
export function featurePageFor(pathname: string): FeaturePage {
  const path = normalizePathname(pathname);
  const page = Object.values(featurePages).find((p) => paths.feature(p.slug) === path);
  if (!page) throw new Error(`${pathname} is not a feature page`);
  return page;
}

const { back, all, moreTitle, moreIntro } = featuresPage.featurePages;

export const featurePageNav = {
  back: { label: back, to: paths.features },
  all: { label: all, to: paths.features },
  moreTitle,
  moreIntro,
  signUp: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
};
