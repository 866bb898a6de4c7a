// About: who the product is for and why it exists.

import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { CheckList } from "../components/marketing/check-list";
import { EventTypeLinks } from "../components/marketing/event-type-links";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { paths } from "../config/paths";
import { closingCta } from "../content/common";
import { aboutPage } from "../content/store";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.about);

export default AboutContent;

function AboutContent() {
  const { hero, audience, why, principles } = aboutPage;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} subline={hero.subline} />
      <Section id="who" title={audience.title} intro={audience.intro}>
        <EventTypeLinks />
        <div className="mt-12">
          <CardGrid items={audience.others} />
        </div>
      </Section>
      <Section id="why" title={why.title} tone="tint">
        <div className="grid max-w-3xl gap-4 text-lg text-muted">
          {why.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="principles" title={principles.title}>
        <CheckList items={principles.items} />
      </Section>
      <CallToAction {...closingCta} />
    </>
  );
}
