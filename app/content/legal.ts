// Copy of the legal and info pages (privacy, terms, security, cookies, press, careers), keyed by path.
// Policy constants come from business.policy; text in `backticks` renders as code.
import { business } from "../config/business";
import { eventTypeSlugs, normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import {
  claims,
  listOf,
  organizerPaymentFormsText,
  paymentMethodsText,
  priceLabels,
  processingFeeBase,
} from "./common";

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { link: { label: string; to: string } }
  | {
      table: {
        caption: string;
        columns: readonly string[];
        rows: readonly (readonly string[])[];
      };
    };

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalPage {
  /** The page's <h1>. */
  title: string;
  intro: string;
  /** Shown under the title on the policies. */
  effectiveDate?: string;
  sections: readonly LegalSection[];
  /** Mailboxes listed in the page's contact section, first the page's own. */
  mailboxes: readonly { label: string; email: string }[];
}

export type LegalPath =
  | typeof paths.privacyPolicy
  | typeof paths.termsService
  | typeof paths.security
  | typeof paths.cookies
  | typeof paths.press
  | typeof paths.careers;

const name = siteConfig.name;
const { policy } = business;
const cookie = business.adminSessionCookie;
const general = { label: "General enquiries", email: siteConfig.mailboxes.general };
const effective = `Effective date: ${policy.effectiveDate}`;
const noticeDays = `at least ${policy.materialChangeNoticeDays} days'`;
/** How long raw visit records are kept, in days from the build's configuration (0: until deleted). */
const visitsKept =
  siteConfig.visitRetentionDays > 0
    ? `Visit records are deleted after ${siteConfig.visitRetentionDays} days`
    : "Visit records are kept until we delete them";
/** The clauses of the terms that only a paid service can trigger: never the organizers' free use. */
const optionalPaid = "optional paid services";

export const legalPages: Record<LegalPath, LegalPage> = {
  [paths.privacyPolicy]: {
    title: "Privacy Policy",
    intro: `This policy explains what ${name} collects through this website and the ${name} platform, why we collect it, and the choices you have.`,
    effectiveDate: effective,
    sections: [
      {
        id: "who-we-are",
        title: "Who we are",
        blocks: [
          `${name} provides vendor and event management software for the organizers of markets, shows, expos and festivals, and for the vendors who apply to their events. “We”, “us” and “our” mean ${name}.`,
        ],
      },
      {
        id: "this-website",
        title: "What this website stores",
        blocks: [
          "This marketing website keeps very little:",
          {
            list: [
              "Contact messages. When you send the contact form, we store what you enter (name, email, phone, business name, website and message) so we can reply.",
              "A visit record. Once per browser session, the site records a random session id, the referrer (the page that sent you here, or the word “direct” if there was none), the landing page you arrived on, the campaign named in that page's address (its utm_source, utm_medium, utm_campaign, utm_term and utm_content), and your browser's user agent. With it we keep the country your connection comes from, worked out from your IP address when it arrives (the address itself is not stored; country data: NRO, CC BY 4.0), and your device class (desktop, phone or tablet), browser and operating system, read from the user agent. This tells us how people find us.",
              "Pages viewed and links followed. Each page you load, and each click on a link to our organizer app, a demo video or one of our social profiles, is recorded with the same random session id, the page's path and whether your browser identifies itself as a bot. If your browser sends Global Privacy Control, these are not recorded.",
              "Your message and your visit are linked. A contact message carries the session id of the visit it was sent from, so the team reading it sees the referrer, landing page, campaign and user agent of that visit.",
              "Links to our organizer app carry your visit's campaign and session id. Links from this site to the organizer app carry the campaign named in the address of the first page you opened and the random session id of your visit, so a sign-up can be attributed to the campaign that brought you; if your browser sends Global Privacy Control, they carry neither.",
              `How long we keep visits. ${visitsKept}; the same goes for pages viewed and links followed. Contact messages are kept until you or we delete them.`,
              `Three keys in your browser's session storage. \`${business.sessionIdKey}\` holds the random session id, \`${business.referrerFlagKey}\` is set once the visit record has been saved, so the record is sent only once per session, and \`${business.firstTouchKey}\` holds the campaign of the first page you opened, for the links to the organizer app.`,
              `One cookie, for the team only. Signing in to the admin console sets \`${cookie}\` (named \`__Host-${cookie}\` when the console is served over HTTPS); visitors of the public pages never get it.`,
            ],
          },
          "The website sets no advertising cookies and loads no third-party trackers.",
          {
            link: {
              label: "What the site stores in your browser: Cookie Policy",
              to: paths.cookies,
            },
          },
        ],
      },
      {
        id: "platform",
        title: "What the platform processes",
        blocks: [
          "When organizers and vendors use the platform, we process what they enter to run their events: account details, event settings, vendor applications and uploaded documents, booth assignments and payment status. Payments are processed by our payment provider.",
        ],
      },
      {
        id: "use",
        title: "How we use information",
        blocks: [
          {
            list: [
              "To reply to your messages.",
              "To understand which sites and pages bring visitors to us.",
              "To run the platform for organizers and vendors: applications, emails, venue maps and payments.",
              "To keep the website and the platform secure.",
            ],
          },
        ],
      },
      {
        id: "children",
        title: "Children",
        blocks: [
          `You must be at least ${policy.minimumAge} years old to use ${name}. We do not knowingly collect personal information from children under ${policy.minimumAge}.`,
        ],
      },
      {
        id: "choices",
        title: "Your choices",
        blocks: [
          "You can ask us what we hold about you, or ask us to correct or delete it, by writing to the address below.",
        ],
      },
      {
        id: "changes",
        title: "Changes to this policy",
        blocks: [
          `We will give ${noticeDays} notice of material changes to this policy by posting the new version on this page before it takes effect.`,
        ],
      },
    ],
    mailboxes: [general],
  },
  [paths.termsService]: {
    title: "Terms of Service",
    intro: `These terms govern the use of the ${name} website and platform by organizers and vendors. By using ${name}, you agree to them.`,
    effectiveDate: effective,
    sections: [
      {
        id: "eligibility",
        title: "Who can use the platform",
        blocks: [`You must be at least ${policy.minimumAge} years old to use ${name}.`],
      },
      {
        id: "roles",
        title: "Organizers and vendors",
        blocks: [
          "Organizers use the platform to run their events: they set up application forms, fees and venue maps, approve or reject applications, message vendors, assign spots, and may cancel a paid vendor and refund them through their payment provider account.",
          "Vendors apply to events, upload documents, pay, and pick or request a spot as the organizer allows.",
        ],
      },
      {
        id: "fees",
        title: "Fees",
        blocks: [
          `Organizers pay ${priceLabels.organizerPrice} to use the platform, forever: no plan, subscription or trial is needed to run events. The payment provider's processing fee of ${priceLabels.processingFee} per transaction is paid by the ${business.processingFee.paidBy}, ${processingFeeBase.short}. Vendors pay a ${priceLabels.vendorFee} platform fee.`,
        ],
      },
      {
        id: "payments",
        title: "Payments",
        blocks: [
          `All payments are made in US dollars (${policy.currency}).`,
          `What organizers may pay ${name} with: ${optionalPaid}, where offered, are paid with ${organizerPaymentFormsText}.`,
          `What vendors can pay booths with: ${paymentMethodsText}, paid to the organizer of the event through the platform.`,
          {
            link: {
              label: "How vendors pay organizers for their booths: Pricing",
              to: paths.pricing,
            },
          },
        ],
      },
      {
        id: "subscriptions",
        title: "Optional paid services: billing and renewal",
        blocks: [
          `Organizers never need a subscription: the platform is free for them, forever. The clauses in this section and the next two apply only to ${optionalPaid} that we may offer and that you choose to buy.`,
          `Paid subscriptions to ${optionalPaid}, where offered, are billed ${listOf(
            policy.billingPeriods.map((period) => (period === "annual" ? "annually" : period)),
            "or",
          )} and renew automatically at the end of each billing period until cancelled.`,
        ],
      },
      {
        id: "refunds",
        title: "Refunds of optional paid services",
        blocks: [
          "Paid subscription fees for optional paid services are non-refundable, except where the law requires a refund or where we decide to give one, case by case.",
        ],
      },
      {
        id: "trials",
        title: "Free trials of optional paid services",
        blocks: [
          "If a paid subscription to an optional paid service starts with a free trial, you are charged when the trial ends, unless you cancel before. The free use of the platform is not a trial and never ends in a charge.",
        ],
      },
      {
        id: "changes",
        title: "Changes to these terms",
        blocks: [
          `We will give ${noticeDays} notice of material changes to these terms by posting the new version on this page before it takes effect.`,
        ],
      },
      {
        id: "law",
        title: "Governing law",
        blocks: [`These terms are governed by the laws of the State of ${policy.governingLaw}.`],
      },
    ],
    mailboxes: [general],
  },
  [paths.security]: {
    title: "Security",
    intro: "How this website and the platform protect organizers, vendors and visitors.",
    sections: [
      {
        id: "website",
        title: "This website",
        blocks: [
          {
            list: [
              "Every page is prerendered HTML served with a strict Content Security Policy: scripts run only from this site.",
              "No third-party scripts, trackers, fonts or embedded players are loaded.",
              "Other sites cannot show our pages inside a frame.",
              "Over HTTPS, the server tells browsers to keep using HTTPS (HTTP Strict Transport Security).",
            ],
          },
        ],
      },
      {
        id: "payments",
        title: "Payments",
        blocks: [
          `Vendor payments go through our payment provider. ${claims.cardAfterApproval}. ${claims.payAtBooking}.`,
        ],
      },
      {
        id: "data",
        title: "What we keep",
        blocks: [
          "From this website we keep only contact messages, one visit record per browser session, and the pages viewed and links followed in that session.",
          { link: { label: "Details: Privacy Policy", to: paths.privacyPolicy } },
        ],
      },
      {
        id: "report",
        title: "Reporting a security issue",
        blocks: [
          `If you believe you have found a security problem, email us at the address below. ${claims.replyPromise}.`,
        ],
      },
    ],
    mailboxes: [general],
  },
  [paths.cookies]: {
    title: "Cookie Policy",
    intro: "What this website stores in your browser, and why.",
    sections: [
      {
        id: "summary",
        title: "In short",
        blocks: [
          "The public pages set no cookies. They keep three small items in your browser's session storage, which your browser clears when you close the tab. Only the admin console, used by our team, sets one cookie.",
        ],
      },
      {
        id: "stored",
        title: "What we store",
        blocks: [
          {
            table: {
              caption: "Items this website keeps in your browser",
              columns: ["Item", "Where", "Why", "Kept until"],
              rows: [
                [
                  `\`${business.referrerFlagKey}\``,
                  "Session storage",
                  "Set once this visit's referrer has been recorded, so the record is sent only once per session. If recording fails, it stays unset and the site tries again on your next page load.",
                  "You close the tab",
                ],
                [
                  `\`${business.sessionIdKey}\``,
                  "Session storage",
                  "A random id sent with the visit record, each page view and counted click, and with a contact message, so one visit is counted once and its pages, clicks and message are linked to it.",
                  "You close the tab",
                ],
                [
                  `\`${business.firstTouchKey}\``,
                  "Session storage",
                  "The campaign (utm_source, utm_medium, utm_campaign, utm_term, utm_content) in the address of the first page you opened, carried with the session id on links to our organizer app so a sign-up can be attributed to that campaign. Not kept if your browser sends Global Privacy Control.",
                  "You close the tab",
                ],
                [
                  `\`${cookie}\` (\`__Host-${cookie}\` over HTTPS)`,
                  "Cookie, admin console only",
                  "Keeps a team member signed in to the admin console. Visitors of the public pages never get it.",
                  "Sign-out, or 12 hours unused (7 days at most)",
                ],
              ],
            },
          },
          `The items in your browser go when you close the tab. The visit record they are sent with is kept on our server: ${visitsKept.charAt(0).toLowerCase()}${visitsKept.slice(1)}.`,
        ],
      },
      {
        id: "choices",
        title: "Your choices",
        blocks: [
          "Closing the tab clears session storage. You can also clear this site's data in your browser settings at any time; the site works the same without it.",
          {
            link: {
              label: "What we do with the visit record: Privacy Policy",
              to: paths.privacyPolicy,
            },
          },
        ],
      },
    ],
    mailboxes: [general],
  },
  [paths.press]: {
    title: "Press",
    intro: `Writing about markets, shows, festivals or the people who run them? Here is what you need to know about ${name}.`,
    sections: [
      {
        id: "about",
        title: `About ${name}`,
        blocks: [
          `${name} is vendor and event management software for the organizers of markets, card shows, flea markets, food truck rallies, expos, festivals and art fairs. Organizers use it to take vendor applications, assign booths on an interactive venue map, send automated emails and collect payments. It is free forever for organizers.`,
        ],
      },
      {
        id: "facts",
        title: "Quick facts",
        blocks: [
          {
            list: [
              `Free forever for organizers; vendors pay a ${priceLabels.vendorFee} platform fee.`,
              `Setup takes ${claims.setupTime}.`,
              "Three ways to accept vendors: Apply & Approve, Instant Approve & Pay and Pick & Pay.",
              `Made for ${eventTypeSlugs.length} kinds of events, from farmers markets to comic cons.`,
            ],
          },
        ],
      },
      {
        id: "logo",
        title: "Logo",
        blocks: [{ link: { label: "Download the logo (SVG)", to: "/logo.svg" } }],
      },
      {
        id: "media",
        title: "Media enquiries",
        blocks: [
          "For interviews, product information or images, write to our press address below.",
        ],
      },
    ],
    mailboxes: [{ label: "Press", email: siteConfig.mailboxes.press }, general],
  },
  [paths.careers]: {
    title: "Careers",
    intro: "Help the people who run markets, shows and festivals spend less time on admin.",
    sections: [
      {
        id: "open-positions",
        title: "Open positions",
        blocks: [
          "We have no open positions listed at the moment. We are still glad to hear from people who care about events and the organizers behind them.",
        ],
      },
      {
        id: "apply",
        title: "Get in touch",
        blocks: [
          "Send a short note about yourself and what you would like to work on to our careers address below.",
        ],
      },
    ],
    mailboxes: [{ label: "Careers", email: siteConfig.mailboxes.careers }, general],
  },
};

export const legalCopy = {
  contactTitle: "Contact",
  contactIntro: "Write to us at:",
} as const;

/** The legal or info page of a location path; throws for a path that is not one (a build error). */
export function legalPageFor(pathname: string): LegalPage {
  const page = (legalPages as Record<string, LegalPage | undefined>)[normalizePathname(pathname)];
  if (!page) throw new Error(`${pathname} is not a legal or info page`);
  return page;
}
