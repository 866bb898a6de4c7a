// Contact: the reply promise, the general mailbox and the contact form.

import { Island } from "../components/island";
import { TextLink } from "../components/marketing/button-link";
import { ContactForm } from "../components/marketing/contact-form";
import { PageHero } from "../components/marketing/page-hero";
import { MailIcon } from "../components/ui/icons";
import { paths } from "../config/paths";
import { contactCopy } from "../content/contact";
import { headForPath } from "../lib/seo";

export const meta = () => headForPath(paths.contact);

// Rendered at build time only; the form is an island that posts without JavaScript and hydrates on first use
// (ADR 9, ADR 12).

export default function Contact() {
  return (
    <>
      <ContactIntro />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-20 lg:grid-cols-3">
        <Island name="contact-form" when="interaction" className="lg:col-span-2">
          <ContactForm />
        </Island>
        <ContactAside />
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
      <div id="contact-form-status" data-form-status="" role="status" />
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
