// Every tool an organizer needs page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.features);

export default function Features() {
  return (
    <PageHero
      title="Every tool an organizer needs"
      subline="Placeholder copy until the page content lands."
    />
  );
}
