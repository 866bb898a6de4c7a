// Legal and info pages: one template for policies, press and careers, fed by the route path.

import { useLocation } from "react-router";
import { LegalDocument } from "../components/marketing/legal-document";
import { PageHero } from "../components/marketing/page-hero";
import { legalCopy, legalPageFor } from "../content/legal";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/legal";

export const meta = ({ location }: Route.MetaArgs) => headForPath(location.pathname);

export default LegalPageContent;

function LegalPageContent() {
  const page = legalPageFor(useLocation().pathname);
  return (
    <>
      <PageHero badge={page.effectiveDate} title={page.title} subline={page.intro} />
      <LegalDocument
        page={page}
        contactTitle={legalCopy.contactTitle}
        contactIntro={legalCopy.contactIntro}
      />
    </>
  );
}
