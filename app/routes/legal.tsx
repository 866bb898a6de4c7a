// Legal and info pages: one template for policies, press and careers, fed by the route path.

import { useLocation } from "react-router";
import { LegalDocument } from "../components/marketing/legal-document";
import { PageHero } from "../components/marketing/page-hero";
import { loadStaticContent, staticPage, staticPageLoader } from "../components/static-content";
import { legalCopy, legalPageFor } from "../content/legal";
import { prerenderedHead } from "../lib/head-from-html";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/legal";

// Head tags come from content at build time; in the browser they are read back from the HTML.
export const meta = import.meta.env.SSR
  ? ({ location }: Route.MetaArgs) => headForPath(location.pathname)
  : prerenderedHead;

// Prerendered content; in the browser the page adopts it from the HTML (see StaticContent).
export const loader = staticPageLoader;
export const clientLoader = loadStaticContent;
export default staticPage(import.meta.env.SSR ? LegalPageContent : undefined);

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
