// Copy of /features, read from content/pages/features.yaml: every claim of docs/product.md ("Claims"), grouped.
import { featuresPage } from "./store";

export interface OverviewItem {
  title: string;
  body: string;
  link?: { label: string; to: string };
}

export interface OverviewGroup {
  id: string;
  title: string;
  intro: string;
  items: readonly OverviewItem[];
}

/** An item's link, or none when the file leaves it empty; half a link is a mistake the build names. */
function linkOf(item: (typeof featuresPage.groups)[number]["items"][number]): OverviewItem["link"] {
  const { label, to } = item.link;
  if (!label && !to) return undefined;
  if (!label || !to) {
    throw new Error(
      `content/pages/features.yaml: "${item.title}" needs both a link text and a link address, or neither`,
    );
  }
  return { label, to };
}

export const featuresOverview = {
  hero: featuresPage.hero,
  groups: featuresPage.groups.map((group) => ({
    ...group,
    items: group.items.map((item) => ({ title: item.title, body: item.body, link: linkOf(item) })),
  })) satisfies readonly OverviewGroup[],
};
