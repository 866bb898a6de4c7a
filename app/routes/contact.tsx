// Contact us page.

import { PageHero } from "../components/marketing/page-hero";
import { paths } from "../config/paths";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.contact);

export default function Contact() {
  return <PageHero title="Contact us" subline="Placeholder copy until the page content lands." />;
}
