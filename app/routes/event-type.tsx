// Event type page: one template for every event type in content/event-types/, fed by the route path.

import { useLocation } from "react-router";
import { EventTypeGuides } from "../components/guides/event-type-guides";
import { ButtonLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { CheckList } from "../components/marketing/check-list";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { Testimonials } from "../components/marketing/testimonials";
import { VenueMap, VenueMapLegend } from "../components/marketing/venue-map";
import { eventTypeActions, eventTypePageFor } from "../content/event-types";
import { testimonials, testimonialsHeading } from "../content/testimonials";
import { venueMapSection } from "../content/venue-layouts";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/event-type";

export const meta = ({ location }: Route.MetaArgs) => headForPath(location.pathname);

export default EventTypeContent;

function EventTypeContent() {
  const page = eventTypePageFor(useLocation().pathname);
  return (
    <>
      <PageHero badge={page.badge} title={page.headline} subline={page.subline}>
        <ButtonLink to={eventTypeActions.signUp}>{page.ctaLabel}</ButtonLink>
        <ButtonLink to={eventTypeActions.scheduleDemo.to} variant="secondary">
          {eventTypeActions.scheduleDemo.label}
        </ButtonLink>
        {page.showSampleEvent ? (
          <ButtonLink to={eventTypeActions.sampleEvent.href} variant="secondary">
            {eventTypeActions.sampleEvent.label}
          </ButtonLink>
        ) : null}
      </PageHero>
      <Section
        id="venue-map"
        title={venueMapSection.title}
        intro={venueMapSection.intro}
        tone="tint"
      >
        <VenueMap layout={page.venueLayout} className="max-w-4xl" />
        <VenueMapLegend items={venueMapSection.legend} />
      </Section>
      <Section id="features" title={page.featuresTitle}>
        <CheckList items={page.features} />
      </Section>
      {page.showTestimonials ? (
        <Section
          id="testimonials"
          title={testimonialsHeading.title}
          intro={testimonialsHeading.intro}
          tone="tint"
        >
          <Testimonials items={testimonials} />
        </Section>
      ) : null}
      <EventTypeGuides eventType={page.slug} />
      <CallToAction
        id="lets-go"
        title={page.letsGo.title}
        body={page.letsGo.body}
        primary={eventTypeActions.letsGo}
      />
    </>
  );
}
