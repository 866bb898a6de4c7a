// Home page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.home);

export default function Home() {
  return (
    <PageHero
      title="Vendor and event management for organizers"
      subline="Applications, booth maps, payments and vendor emails in one place. Free forever for organizers."
    />
  );
}
