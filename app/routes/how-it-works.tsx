// How it works: the three acceptance models, their comparison table and the FAQ (with FAQPage JSON-LD).

import { AcceptanceModels } from "../components/marketing/acceptance-models";
import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { FaqList } from "../components/marketing/faq-list";
import { ModelComparison } from "../components/marketing/model-comparison";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { closingCta, ctaLabels } from "../content/common";
import { acceptanceModels, comparison, faqs, howItWorksCopy } from "../content/how-it-works";
import { headForPath } from "../lib/seo";
import { faqPageJsonLd } from "../lib/structured-data";

export const meta = () => headForPath(paths.howItWorks, { jsonLd: [faqPageJsonLd(faqs)] });

export default HowItWorksContent;

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
