// Feature page: one template for the three feature pages, fed by the route path.

import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Island } from "../components/island";
import { ButtonLink, TextLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { CheckList } from "../components/marketing/check-list";
import { NumberedSteps } from "../components/marketing/numbered-steps";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { TermList } from "../components/marketing/term-list";
import { VenueDemo } from "../components/marketing/venue-demo";
import { ApprovalEmail } from "../components/product/approval-email";
import { FormBuilder } from "../components/product/form-builder";
import { VenueMapPicture } from "../components/product/venue-map-picture";
import { ArrowLeftIcon, PlayIcon } from "../components/ui/icons";
import { closingCta } from "../content/common";
import { exploreLabel, featureLinks } from "../content/feature-names";
import { type FeaturePage, featurePageFor, featurePageNav } from "../content/features";
import { venueDemoSection } from "../content/venue-demo";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/feature";

export const meta = ({ location }: Route.MetaArgs) => headForPath(location.pathname);

const featurePictures: Record<FeaturePage["picture"], ReactNode> = {
  email: <ApprovalEmail />,
  "venue-map": <VenueMapPicture />,
  "form-builder": <FormBuilder />,
};

export default FeatureContent;

function FeatureContent() {
  const page = featurePageFor(useLocation().pathname);
  const others = featureLinks.filter((feature) => feature.slug !== page.slug);
  return (
    <>
      <div className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 pt-6">
          <TextLink to={featurePageNav.back.to} className="inline-flex items-center gap-1">
            <ArrowLeftIcon width={16} height={16} />
            {featurePageNav.back.label}
          </TextLink>
        </div>
      </div>
      <PageHero
        badge={page.name}
        title={page.headline}
        subline={page.subline}
        picture={featurePictures[page.picture]}
      >
        <ButtonLink to={featurePageNav.signUp.href}>{featurePageNav.signUp.label}</ButtonLink>
        {page.video ? (
          <ButtonLink to={page.video.href} variant="secondary">
            <PlayIcon />
            {page.video.label}
          </ButtonLink>
        ) : null}
      </PageHero>
      <Section id="highlights" title={page.highlightsTitle}>
        <CheckList items={page.highlights} />
        {page.note ? (
          <p className="mt-10 rounded-xl bg-brand-50 p-5 font-semibold text-brand-900">
            {page.note}
          </p>
        ) : null}
      </Section>
      {page.slug === "interactive-venue-mapping" ? (
        <Section id="try-it" title={venueDemoSection.title} intro={venueDemoSection.intro}>
          <Island name="venue-demo" when="visible">
            <VenueDemo />
          </Island>
        </Section>
      ) : null}
      {page.detail ? (
        <Section id="detail" title={page.detail.title} intro={page.detail.intro} tone="tint">
          {page.detail.kind === "steps" ? (
            <NumberedSteps items={page.detail.items} />
          ) : (
            <TermList items={page.detail.items} />
          )}
        </Section>
      ) : null}
      <Section id="more-features" title={featurePageNav.moreTitle} intro={featurePageNav.moreIntro}>
        <CardGrid
          columns={2}
          items={others.map((feature) => ({
            title: feature.label,
            body: feature.summary,
            link: { label: exploreLabel(feature.label), to: feature.to },
          }))}
        />
        <p className="mt-8">
          <ButtonLink to={featurePageNav.all.to} variant="secondary">
            {featurePageNav.all.label}
          </ButtonLink>
        </p>
      </Section>
      <CallToAction {...closingCta} />
    </>
  );
}
