// Free forever for organizers page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.pricing);

export default function Pricing() {
  return (
    <PageHero
      title="Free forever for organizers"
      subline="Placeholder copy until the page content lands."
    />
  );
}
