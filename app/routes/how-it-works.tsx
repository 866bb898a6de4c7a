// How it works: the three acceptance models, their comparison table and the FAQ (with FAQPage JSON-LD).

import { AcceptanceModels } from "../components/marketing/acceptance-models";
import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { FaqList } from "../components/marketing/faq-list";
import { ModelComparison } from "../components/marketing/model-comparison";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { loadStaticContent, staticPage, staticPageLoader } from "../components/static-content";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { closingCta, ctaLabels } from "../content/common";
import { acceptanceModels, comparison, faqs, howItWorksCopy } from "../content/how-it-works";
import { prerenderedHead } from "../lib/head-from-html";
import { headForPath } from "../lib/seo";
import { faqPageJsonLd } from "../lib/structured-data";

// Head tags come from content at build time; in the browser they are read back from the HTML.
export const meta = import.meta.env.SSR
  ? () => headForPath(paths.howItWorks, { jsonLd: [faqPageJsonLd(faqs)] })
  : prerenderedHead;

// Prerendered content; in the browser the page adopts it from the HTML (see StaticContent).
export const loader = staticPageLoader;
export const clientLoader = loadStaticContent;
export default staticPage(import.meta.env.SSR ? HowItWorksContent : undefined);

function HowItWorksContent() {
  const { hero, models, faq } = howItWorksCopy;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} subline={hero.subline}>
        <ButtonLink to={siteConfig.appLinks.signUp}>{ctaLabels.signUp}</ButtonLink>
        <ButtonLink to={siteConfig.videos.demo} variant="secondary">
          {ctaLabels.watchDemo}
        </ButtonLink>
      </PageHero>
      <Section id="models" title={models.title} intro={models.intro}>
        <AcceptanceModels models={acceptanceModels} />
      </Section>
      <Section id="comparison" title={comparison.title} tone="tint">
        <ModelComparison
          caption={comparison.caption}
          aspectHeader={comparison.aspectHeader}
          models={acceptanceModels}
          rows={comparison.rows}
          note={comparison.note}
        />
      </Section>
      <Section id="faq" title={faq.title} intro={faq.intro}>
        <FaqList items={faqs} />
      </Section>
      <CallToAction {...closingCta} />
    </>
  );
}
