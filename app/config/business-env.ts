// Build-time values the business must own (videos, mailboxes, social profiles, sample event): schema and defaults.
import { z } from "zod";
import { isHttpUrl } from "../../contracts/fields.ts";

/** An absolute http(s) URL (a video, a social profile): anything else would be a broken or unsafe link. */
const httpUrl = (name: string, fallback: string, description: string) =>
  z
    .string()
    .trim()
    .refine(isHttpUrl, {
      message: `${name} must be an absolute http(s) URL such as https://www.example.com/page`,
    })
    .default(fallback)
    .meta({ description });

const optionalEmail = (name: string, description: string) =>
  z
    .email({ message: `${name} must be an e-mail address such as hello@example.com` })
    .optional()
    .meta({ description });

const socialProfile = (network: string) =>
  `The ${network} profile in the footer and the Organization structured data (http(s) only)`;

/** The placeholder defaults: `npm run launch-check` reports any value still equal to one of them. */
export const businessEnvDefaults = {
  DEMO_VIDEO_URL: "https://www.youtube.com/watch?v=boothpilot-demo",
  VENUE_MAP_VIDEO_URL: "https://www.youtube.com/watch?v=boothpilot-venue-map",
  SOCIAL_FACEBOOK_URL: "https://www.facebook.com/boothpilot",
  SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/boothpilot",
  SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/boothpilot",
  SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@boothpilot",
  SOCIAL_X_HANDLE: "@boothpilot",
  SAMPLE_EVENT_PATH: "/events/sample-card-show/apply",
} as const;

const d = businessEnvDefaults;

/** Spread into the build-time schema (build-env.ts). */
export const businessEnvFields = {
  DEMO_VIDEO_URL: httpUrl(
    "DEMO_VIDEO_URL",
    d.DEMO_VIDEO_URL,
    'The "Watch the Demo" video (http(s) only)',
  ),
  VENUE_MAP_VIDEO_URL: httpUrl(
    "VENUE_MAP_VIDEO_URL",
    d.VENUE_MAP_VIDEO_URL,
    "The venue-map how-to video on /features/interactive-venue-mapping (http(s) only)",
  ),
  MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "MAIL_DOMAIN must be a domain such as example.com")
    .optional()
    .meta({
      description:
        "Domain of the public mailboxes `hello@`, `careers@` and `press@` (on /contact, the info pages, the Organization structured data). Unset: the host of `SITE_URL` without a leading `www.`",
    }),
  MAIL_GENERAL: optionalEmail(
    "MAIL_GENERAL",
    "The general mailbox, instead of `hello@` at `MAIL_DOMAIN`",
  ),
  MAIL_CAREERS: optionalEmail(
    "MAIL_CAREERS",
    "The careers mailbox, instead of `careers@` at `MAIL_DOMAIN`",
  ),
  MAIL_PRESS: optionalEmail(
    "MAIL_PRESS",
    "The press mailbox, instead of `press@` at `MAIL_DOMAIN`",
  ),
  SOCIAL_FACEBOOK_URL: httpUrl(
    "SOCIAL_FACEBOOK_URL",
    d.SOCIAL_FACEBOOK_URL,
    socialProfile("Facebook"),
  ),
  SOCIAL_INSTAGRAM_URL: httpUrl(
    "SOCIAL_INSTAGRAM_URL",
    d.SOCIAL_INSTAGRAM_URL,
    socialProfile("Instagram"),
  ),
  SOCIAL_LINKEDIN_URL: httpUrl(
    "SOCIAL_LINKEDIN_URL",
    d.SOCIAL_LINKEDIN_URL,
    socialProfile("LinkedIn"),
  ),
  SOCIAL_YOUTUBE_URL: httpUrl("SOCIAL_YOUTUBE_URL", d.SOCIAL_YOUTUBE_URL, socialProfile("YouTube")),
  SOCIAL_X_HANDLE: z
    .string()
    .trim()
    .regex(/^@\w{1,15}$/, "SOCIAL_X_HANDLE must be an X handle such as @example")
    .default(d.SOCIAL_X_HANDLE)
    .meta({ description: "The X (Twitter) account of every page's `twitter:site` tag" }),
  SAMPLE_EVENT_PATH: z
    .string()
    .trim()
    .regex(/^\/[^\s?#]*$/, "SAMPLE_EVENT_PATH must be a path on APP_URL starting with /")
    .default(d.SAMPLE_EVENT_PATH)
    .meta({
      description: 'Path on `APP_URL` of the "Sample Event Page" link on /event-types/card-shows',
    }),
};

export type MailEnv = {
  SITE_URL: string;
  MAIL_DOMAIN?: string | undefined;
  MAIL_GENERAL?: string | undefined;
  MAIL_CAREERS?: string | undefined;
  MAIL_PRESS?: string | undefined;
};

/** MAIL_DOMAIN, or else the host of SITE_URL without a leading "www.". */
export function mailDomainOf(env: MailEnv): string {
  return env.MAIL_DOMAIN ?? new URL(env.SITE_URL).hostname.replace(/^www\./, "");
}

/** The three public mailboxes: each its own variable, or else a fixed local part at the mail domain. */
export function mailboxesOf(env: MailEnv) {
  const domain = mailDomainOf(env);
  return {
    general: env.MAIL_GENERAL ?? `hello@${domain}`,
    careers: env.MAIL_CAREERS ?? `careers@${domain}`,
    press: env.MAIL_PRESS ?? `press@${domain}`,
  };
}

export type Mailboxes = ReturnType<typeof mailboxesOf>;
