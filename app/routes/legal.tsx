// Legal and info pages: one template for policies, press and careers, fed by the route path.
import { useLocation } from "react-router";
import { PageHero } from "../components/marketing/page-hero";
import { normalizePathname } from "../config/paths";
import { pageHeadFor } from "../content/page-heads";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/legal";

export const meta = ({ location }: Route.MetaArgs) => headForPath(location.pathname);

export default function LegalPage() {
  const { pathname } = useLocation();
  const head = pageHeadFor(normalizePathname(pathname));
  return <PageHero title={head.title} subline={head.description} />;
}
