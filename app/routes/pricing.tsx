// Pricing: free forever for organizers, the processing and platform fees, payouts and payment methods.

import { Island } from "../components/island";
import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { FeeCalculator } from "../components/marketing/fee-calculator";
import { PageHero } from "../components/marketing/page-hero";
import { PriceCards } from "../components/marketing/price-cards";
import { Section } from "../components/marketing/section";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { ctaLabels } from "../content/common";
import { feeCalculatorCopy } from "../content/fee-calculator";
import { organizersPriceCard, pricingCopy } from "../content/pricing";
import { headForPath } from "../lib/seo";
import { softwareApplicationJsonLd } from "../lib/structured-data";

export const meta = () =>
  headForPath(paths.pricing, {
    // The page's own words: the hero's subline and the organizers' card.
    jsonLd: [
      softwareApplicationJsonLd(pricingCopy.hero.subline, {
        name: organizersPriceCard.audience,
        description: organizersPriceCard.summary,
      }),
    ],
  });

export default PricingContent;

function PricingContent() {
  const { hero, cards, payments, setup, cta } = pricingCopy;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} subline={hero.subline}>
        <ButtonLink to={siteConfig.appLinks.signUp}>{ctaLabels.signUp}</ButtonLink>
        <ButtonLink to={paths.features} variant="secondary">
          {ctaLabels.allFeatures}
        </ButtonLink>
      </PageHero>
      <Section id="prices" title={cards.title} intro={cards.intro}>
        <PriceCards items={cards.items} />
      </Section>
      <Section
        id="fee-calculator"
        title={feeCalculatorCopy.title}
        intro={feeCalculatorCopy.intro}
        tone="tint"
      >
        <Island name="fee-calculator" when="visible">
          <FeeCalculator />
        </Island>
      </Section>
      <Section id="getting-paid" title={payments.title} intro={payments.intro}>
        <div className="grid gap-6 md:grid-cols-3">
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">{payments.payoutsTitle}</h3>
            <p className="mt-2 text-muted">{payments.payoutsBody}</p>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">{payments.methodsTitle}</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {payments.methods.map((method) => (
                <li
                  key={method}
                  className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
                >
                  {method}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">{payments.approvalTitle}</h3>
            <p className="mt-2 text-muted">{payments.approvalBody}</p>
          </div>
        </div>
      </Section>
      <Section id="first-map" title={setup.title} intro={setup.body} centered />
      <CallToAction
        title={cta.title}
        body={cta.body}
        primary={cta.primary}
        secondary={cta.secondary}
      />
    </>
  );
}
