// The single source of brand, links, mailboxes and SEO defaults for the whole site.
import { brandName } from "../../contracts/brand.ts";
import type { BuildEnv } from "./build-env";

declare const __BUILD_ENV__: BuildEnv;

const env: BuildEnv = __BUILD_ENV__;

export const siteConfig = {
  name: brandName,
  url: env.SITE_URL,
  appUrl: env.APP_URL,
  publicBackendKey: env.PUBLIC_BACKEND_KEY,
  appLinks: {
    login: `${env.APP_URL}/login`,
    signUp: `${env.APP_URL}/signup`,
    sampleEvent: `${env.APP_URL}${env.SAMPLE_EVENT_PATH}`,
  },
  videos: {
    demo: env.DEMO_VIDEO_URL,
    venueMapHowTo: env.VENUE_MAP_VIDEO_URL,
  },
  /** Days a raw visit record is kept before the server deletes it (0: kept until deleted by hand). */
  visitRetentionDays: env.VISIT_RETENTION_DAYS,
  /** hello@, careers@, press@: resolved by parseBuildEnv from MAIL_DOMAIN and the per-address variables. */
  mailboxes: env.mailboxes,
  social: [
    { name: "Facebook", href: env.SOCIAL_FACEBOOK_URL },
    { name: "Instagram", href: env.SOCIAL_INSTAGRAM_URL },
    { name: "LinkedIn", href: env.SOCIAL_LINKEDIN_URL },
    { name: "YouTube", href: env.SOCIAL_YOUTUBE_URL },
  ],
  seo: {
    /** Written by scripts/og-images.ts at build, beside each page's share card under /og/. */
    appleTouchIcon: "/apple-touch-icon.png",
    manifest: "/site.webmanifest",
    twitterSite: env.SOCIAL_X_HANDLE,
    locale: "en_US",
  },
} as const;

export type SiteConfig = typeof siteConfig;
