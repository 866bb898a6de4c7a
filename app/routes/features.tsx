// Features overview: every feature claim, grouped, linking to the three feature pages.

import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { closingCta, ctaLabels } from "../content/common";
import { featuresOverview } from "../content/features-overview";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.features);

export default FeaturesContent;

function FeaturesContent() {
  const { hero, groups } = featuresOverview;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} subline={hero.subline}>
        <ButtonLink to={siteConfig.appLinks.signUp}>{ctaLabels.signUp}</ButtonLink>
        <ButtonLink to={paths.howItWorks} variant="secondary">
          {ctaLabels.howItWorks}
        </ButtonLink>
      </PageHero>
      {groups.map((group, index) => (
        <Section
          key={group.id}
          id={group.id}
          title={group.title}
          intro={group.intro}
          tone={index % 2 === 0 ? "plain" : "tint"}
        >
          <CardGrid items={group.items} columns={group.items.length === 3 ? 3 : 2} />
        </Section>
      ))}
      <CallToAction {...closingCta} />
    </>
  );
}
