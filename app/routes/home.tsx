// Home: hero, demo, features grid, acceptance models, social proof and the closing call to action.

import { Island } from "../components/island";
import { ButtonLink, TextLink } from "../components/marketing/button-link";
import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { DemoVideo } from "../components/marketing/demo-video";
import { EventTypeLinks } from "../components/marketing/event-type-links";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { Testimonials } from "../components/marketing/testimonials";
import { VenueDemo } from "../components/marketing/venue-demo";
import { VenueMap } from "../components/marketing/venue-map";
import { OrganizerDashboard } from "../components/product/organizer-dashboard";
import { CheckIcon } from "../components/ui/icons";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { closingCta } from "../content/common";
import { homeCopy } from "../content/home";
import { testimonials } from "../content/testimonials";
import { venueDemoSection } from "../content/venue-demo";
import { demoLayout } from "../content/venue-layouts";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.home);

export default HomeContent;

function HomeContent() {
  const { hero, demo, features, models, proof } = homeCopy;
  return (
    <>
      <PageHero
        badge={hero.badge}
        title={hero.title}
        subline={hero.subline}
        picture={<OrganizerDashboard caption={false} />}
      >
        <ButtonLink to={hero.primary.href}>{hero.primary.label}</ButtonLink>
        <ButtonLink to={hero.secondary.href} variant="secondary">
          {hero.secondary.label}
        </ButtonLink>
        <p className="basis-full text-sm text-muted">{hero.note}</p>
      </PageHero>
      <Section id="demo" title={demo.title} intro={demo.intro} centered>
        <DemoVideo
          href={siteConfig.videos.demo}
          playLabel={demo.playLabel}
          frameTitle={demo.frameTitle}
          poster={<VenueMap layout={demoLayout} title={demo.posterTitle} />}
        />
      </Section>
      <Section
        id="try-it"
        title={venueDemoSection.compactTitle}
        intro={venueDemoSection.compactIntro}
      >
        <Island name="venue-demo" when="visible">
          <VenueDemo compact />
        </Island>
      </Section>
      <Section id="features" title={features.title} intro={features.intro} tone="tint">
        <CardGrid items={features.items} />
        <h3 className="mt-12 text-xl font-semibold text-ink">{features.alsoTitle}</h3>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {features.also.map((item) => (
            <li key={item} className="flex gap-2 text-ink">
              <CheckIcon className="mt-0.5 shrink-0 text-brand-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ButtonLink to={features.allLink.to} variant="secondary">
            {features.allLink.label}
          </ButtonLink>
        </p>
      </Section>
      <Section id="models" title={models.title} intro={models.intro}>
        <CardGrid items={models.items} />
        <p className="mt-8">
          <TextLink to={models.link.to}>{models.link.label}</TextLink>
        </p>
      </Section>
      <Section id="who" title={proof.title} intro={proof.intro} tone="tint">
        <EventTypeLinks />
        <h3 className="mt-12 text-xl font-semibold text-ink">{homeCopy.testimonialsTitle}</h3>
        <div className="mt-6">
          <Testimonials items={testimonials} />
        </div>
      </Section>
      <CallToAction {...closingCta} />
    </>
  );
}
