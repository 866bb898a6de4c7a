// Feature page: one template for the three feature pages, fed by the route path.
import { useLocation } from "react-router";
import { PageHero } from "../components/marketing/page-hero";
import { normalizePathname } from "../config/paths";
import { pageHeadFor } from "../content/page-heads";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/feature";

export const meta = ({ location }: Route.MetaArgs) => headForPath(location.pathname);

export default function Feature() {
  const { pathname } = useLocation();
  const head = pageHeadFor(normalizePathname(pathname));
  return <PageHero title={head.title} subline={head.description} />;
}
