// About us page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.about);

export default function About() {
  return <PageHero title="About us" subline="Placeholder copy until the page content lands." />;
}
