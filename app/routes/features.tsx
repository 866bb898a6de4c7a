// Features overview: every feature claim, grouped, linking to the three feature pages.

import type { ReactNode } from "react";
import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { ApprovalEmail } from "../components/product/approval-email";
import { EventSeries } from "../components/product/event-series";
import { FormBuilder } from "../components/product/form-builder";
import { OrganizerDashboard } from "../components/product/organizer-dashboard";
import { PromoAddOns } from "../components/product/promo-add-ons";
import { VendorPortal } from "../components/product/vendor-portal";
import { VenueMapPicture } from "../components/product/venue-map-picture";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { closingCta, ctaLabels } from "../content/common";
import { featuresOverview } from "../content/features-overview";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.features);

/** Each group of claims shows the screens it talks about. */
const groupPictures: Record<string, readonly ReactNode[]> = {
  messaging: [<ApprovalEmail key="email" />],
  "venue-map": [<VenueMapPicture key="map" />],
  applications: [<FormBuilder key="form" />],
  "portal-dashboard": [<VendorPortal key="portal" />, <OrganizerDashboard key="dashboard" />],
  payments: [<PromoAddOns key="promo" />],
  events: [<EventSeries key="series" />],
};

function GroupPictures({ id }: { id: string }) {
  const pictures = groupPictures[id] ?? [];
  if (pictures.length === 0) return null;
  return (
    <div className={`mt-10 grid gap-8 ${pictures.length > 1 ? "lg:grid-cols-2" : "max-w-2xl"}`}>
      {pictures}
    </div>
  );
}

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
          <GroupPictures id={group.id} />
        </Section>
      ))}
      <CallToAction {...closingCta} />
    </>
  );
}
