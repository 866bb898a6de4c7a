// How it works page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.howItWorks);

export default function HowItWorks() {
  return <PageHero title="How it works" subline="Placeholder copy until the page content lands." />;
}
