// About: who the product is for and why it exists.

import { CallToAction } from "../components/marketing/call-to-action";
import { CardGrid } from "../components/marketing/card-grid";
import { CheckList } from "../components/marketing/check-list";
import { EventTypeLinks } from "../components/marketing/event-type-links";
import { PageHero } from "../components/marketing/page-hero";
import { Section } from "../components/marketing/section";
import { loadStaticContent, staticPage, staticPageLoader } from "../components/static-content";
import { paths } from "../config/paths";
import { aboutCopy } from "../content/about";
import { closingCta } from "../content/common";
import { prerenderedHead } from "../lib/head-from-html";
import { headForPath } from "../lib/seo";

// Head tags come from content at build time; in the browser they are read back from the HTML.
export const meta = import.meta.env.SSR ? () => headForPath(paths.about) : prerenderedHead;

// Prerendered content; in the browser the page adopts it from the HTML (see StaticContent).
export const loader = staticPageLoader;
export const clientLoader = loadStaticContent;
export default staticPage(import.meta.env.SSR ? AboutContent : undefined);

function AboutContent() {
  const { hero, audience, why, principles } = aboutCopy;
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
