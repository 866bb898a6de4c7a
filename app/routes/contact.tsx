// Contact: the reply promise, the general mailbox and the contact form.

import { TextLink } from "../components/marketing/button-link";
import { ContactFormRegion } from "../components/marketing/contact-form-region";
import { PageHero } from "../components/marketing/page-hero";
import { loadStaticContent, StaticContent, staticPageLoader } from "../components/static-content";
import { MailIcon } from "../components/ui/icons";
import { paths } from "../config/paths";
import { contactCopy } from "../content/contact";
import { prerenderedHead } from "../lib/head-from-html";
import { headForPath } from "../lib/seo";
import type { Route } from "./+types/contact";

// Head tags come from content at build time; in the browser they are read back from the HTML.
export const meta = import.meta.env.SSR ? () => headForPath(paths.contact) : prerenderedHead;

// The copy around the form is prerendered static content; the form is an island hydrated on first use.
export const loader = staticPageLoader;
export const clientLoader = loadStaticContent;

export default function Contact({ loaderData }: Route.ComponentProps) {
  const html = loaderData?.staticHtml;
  return (
    <>
      <StaticContent id="intro" html={html?.intro}>
        {import.meta.env.SSR ? <ContactIntro /> : null}
      </StaticContent>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-20 lg:grid-cols-3">
        <ContactFormRegion html={html?.form} className="lg:col-span-2" />
        <StaticContent id="aside" html={html?.aside}>
          {import.meta.env.SSR ? <ContactAside /> : null}
        </StaticContent>
      </div>
    </>
  );
}

function ContactIntro() {
  const { hero } = contactCopy;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} subline={hero.subline} />
      {/* The server fills this in after a no-JavaScript post (server/site/contact-page.ts). */}
      <div data-form-status="" role="status" />
    </>
  );
}

function ContactAside() {
  const { aside } = contactCopy;
  return (
    <section aria-labelledby="contact-aside-title" className="grid content-start gap-6">
      <h2 id="contact-aside-title" className="text-xl font-bold text-ink">
        {aside.title}
      </h2>
      <div>
        <h3 className="font-semibold text-ink">{aside.replyTitle}</h3>
        <p className="mt-1 text-muted">{aside.replyBody}</p>
      </div>
      <div>
        <h3 className="font-semibold text-ink">{aside.emailTitle}</h3>
        <p className="mt-1 text-muted">
          {aside.emailBody}{" "}
          <TextLink to={`mailto:${aside.email}`} className="inline-flex items-center gap-1">
            <MailIcon width={16} height={16} />
            {aside.email}
          </TextLink>
        </p>
      </div>
      <div>
        <h3 className="font-semibold text-ink">{aside.demoTitle}</h3>
        <p className="mt-1 text-muted">{aside.demoBody}</p>
      </div>
    </section>
  );
}
