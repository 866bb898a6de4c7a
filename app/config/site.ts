// The single source of brand, links, mailboxes and SEO defaults for the whole site.
import type { BuildEnv } from "./build-env";

declare const __BUILD_ENV__: BuildEnv;

const env: BuildEnv = __BUILD_ENV__;

const brand = "BoothPilot";
const mailDomain = "boothpilot.example";

export const siteConfig = {
  name: brand,
  tagline: "Vendor and event management for market, show and festival organizers",
  url: env.SITE_URL,
  appUrl: env.APP_URL,
  publicBackendKey: env.PUBLIC_BACKEND_KEY,
  functionsUrl: "/functions/v1",
  appLinks: {
    login: `${env.APP_URL}/login`,
    signUp: `${env.APP_URL}/signup`,
    sampleEvent: `${env.APP_URL}/events/sample-card-show/apply`,
  },
  videos: {
    demo: "https://www.youtube.com/watch?v=boothpilot-demo",
    venueMapHowTo: "https://www.youtube.com/watch?v=boothpilot-venue-map",
  },
  social: [
    { name: "Facebook", href: "https://www.facebook.com/boothpilot" },
    { name: "Instagram", href: "https://www.instagram.com/boothpilot" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/boothpilot" },
    { name: "YouTube", href: "https://www.youtube.com/@boothpilot" },
  ],
  mailboxes: {
    general: `hello@${mailDomain}`,
    careers: `careers@${mailDomain}`,
    press: `press@${mailDomain}`,
  },
  seo: {
    defaultImage: "/og-image.png",
    imageAlt: `${brand}: vendor and event management for organizers`,
    twitterSite: "@boothpilot",
    locale: "en_US",
  },
} as const;

export type SiteConfig = typeof siteConfig;
