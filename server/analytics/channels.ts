// A visit's channel, by Google Analytics 4's default channel group: the rules (Google Analytics Help, "[GA4]
// Default channel group", in their order: the first that matches wins) and the source category lists (abridged from
// Google's "source categories" table), with two additions of ours: AI assistants as one more channel, and webmail
// hosts as e-mail referrers (GA4 has no list of them). Campaign tags decide first, the referrer second.
import type { Channel } from "../../contracts/admin-api.ts";

/** A visit as the rules read it (lower-cased here): its UTM tags and its referrer's host. */
export interface ChannelInput {
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** Source categories: a value matches an entry itself, and a host also every subdomain of a dotted entry. */
const sourceLists = {
  search: [
    "google",
    "bing",
    "yahoo",
    "baidu",
    "duckduckgo",
    "yandex",
    "ecosia",
    "naver",
    "seznam",
    "qwant",
    "startpage",
    "ask",
    "aol",
    "brave",
    "kagi",
    "bing.com",
    "duckduckgo.com",
    "search.yahoo.com",
    "baidu.com",
    "yandex.com",
    "yandex.ru",
    "ecosia.org",
    "search.brave.com",
    "startpage.com",
    "qwant.com",
    "ask.com",
    "search.aol.com",
    "naver.com",
    "seznam.cz",
    "kagi.com",
  ],
  social: [
    "facebook",
    "fb",
    "instagram",
    "ig",
    "linkedin",
    "twitter",
    "x",
    "reddit",
    "pinterest",
    "tiktok",
    "snapchat",
    "tumblr",
    "threads",
    "bluesky",
    "mastodon",
    "quora",
    "discord",
    "whatsapp",
    "messenger",
    "telegram",
    "nextdoor",
    "facebook.com",
    "fb.com",
    "fb.me",
    "messenger.com",
    "instagram.com",
    "threads.net",
    "threads.com",
    "twitter.com",
    "x.com",
    "t.co",
    "linkedin.com",
    "lnkd.in",
    "reddit.com",
    "redd.it",
    "pinterest.com",
    "pin.it",
    "tiktok.com",
    "snapchat.com",
    "tumblr.com",
    "bsky.app",
    "mastodon.social",
    "nextdoor.com",
    "quora.com",
    "discord.com",
    "whatsapp.com",
    "wa.me",
    "telegram.org",
    "t.me",
  ],
  video: [
    "youtube",
    "vimeo",
    "twitch",
    "dailymotion",
    "wistia",
    "youtube.com",
    "youtu.be",
    "vimeo.com",
    "twitch.tv",
    "dailymotion.com",
  ],
  shopping: [
    "amazon",
    "ebay",
    "etsy",
    "shopify",
    "walmart",
    "aliexpress",
    "amazon.com",
    "ebay.com",
    "etsy.com",
    "shopify.com",
    "walmart.com",
    "aliexpress.com",
  ],
  /** Ours: AI assistants (ChatGPT tags its links utm_source=chatgpt.com). */
  ai: [
    "chatgpt",
    "perplexity",
    "claude",
    "gemini",
    "copilot",
    "chatgpt.com",
    "chat.openai.com",
    "openai.com",
    "perplexity.ai",
    "claude.ai",
    "gemini.google.com",
    "bard.google.com",
    "copilot.microsoft.com",
    "copilot.cloud.microsoft",
    "chat.mistral.ai",
    "chat.deepseek.com",
    "deepseek.com",
    "meta.ai",
    "you.com",
    "phind.com",
    "poe.com",
    "grok.com",
  ],
  /** Ours: webmail and newsletter hosts, whose referrals GA4 would file under Referral. */
  webmail: [
    "mail.google.com",
    "inbox.google.com",
    "outlook.live.com",
    "outlook.office.com",
    "outlook.office365.com",
    "mail.yahoo.com",
    "mail.aol.com",
    "mail.proton.me",
    "mail.protonmail.com",
    "mail.zoho.com",
    "fastmail.com",
    "mailchi.mp",
    "list-manage.com",
    "sendgrid.net",
    "mailgun.org",
  ],
} as const;

type SourceCategory = keyof typeof sourceLists;

const dottedLists = Object.fromEntries(
  Object.entries(sourceLists).map(([category, entries]) => [
    category,
    { exact: new Set<string>(entries), dotted: entries.filter((entry) => entry.includes(".")) },
  ]),
) as Record<SourceCategory, { exact: Set<string>; dotted: string[] }>;

/** Google's search in every country (google.com, www.google.co.uk, google.com.au); not mail. or gemini. */
const googleSearch = /^google(\.com?)?\.[a-z]{2,3}$/;

function inCategory(category: SourceCategory, source: string): boolean {
  if (source === "") return false;
  const { exact, dotted } = dottedLists[category];
  if (exact.has(source)) return true;
  if (category === "search" && googleSearch.test(source)) return true;
  return dotted.some((entry) => source.endsWith(`.${entry}`));
}

/** GA4's patterns, on lower-cased values. */
const paid = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const shoppingCampaign = /^(.*(([^a-df-z]|^)shop|shopping).*)$/;
const display = new Set(["display", "banner", "expandable", "interstitial", "cpm"]);
const socialMedia = new Set([
  "social",
  "social-network",
  "social-media",
  "sm",
  "social network",
  "social media",
]);
const email = /^(email|e-mail|e_mail|e mail)$/;

/** What the rules read: the session's source, medium and campaign as GA4 would set them. */
interface Session {
  source: string;
  medium: string;
  campaign: string;
  tagged: boolean;
}

const has = (category: SourceCategory) => (session: Session) =>
  inCategory(category, session.source);

/** The rules in GA4's order, AI assistants after the paid ones: the first that matches names the channel. */
export const channelRules: readonly (readonly [Channel, (session: Session) => boolean])[] = [
  ["direct", (s) => !s.tagged && s.source === "(direct)"],
  ["cross_network", (s) => s.campaign.includes("cross-network")],
  [
    "paid_shopping",
    (s) => (has("shopping")(s) || shoppingCampaign.test(s.campaign)) && paid.test(s.medium),
  ],
  ["paid_search", (s) => has("search")(s) && paid.test(s.medium)],
  ["paid_social", (s) => has("social")(s) && paid.test(s.medium)],
  ["paid_video", (s) => has("video")(s) && paid.test(s.medium)],
  ["display", (s) => display.has(s.medium)],
  ["paid_other", (s) => paid.test(s.medium)],
  ["ai", has("ai")],
  ["organic_shopping", (s) => has("shopping")(s) || shoppingCampaign.test(s.campaign)],
  ["organic_social", (s) => has("social")(s) || socialMedia.has(s.medium)],
  ["organic_video", (s) => has("video")(s) || /video/.test(s.medium)],
  ["organic_search", (s) => has("search")(s) || s.medium === "organic"],
  ["email", (s) => email.test(s.source) || email.test(s.medium)],
  ["affiliates", (s) => s.medium === "affiliate" || s.medium === "affiliates"],
  ["referral", (s) => ["referral", "app", "link"].includes(s.medium)],
  ["audio", (s) => s.medium === "audio"],
  ["sms", (s) => s.source === "sms" || s.medium === "sms"],
  [
    "mobile_push",
    (s) =>
      s.medium.endsWith("push") ||
      s.medium.includes("mobile") ||
      s.medium.includes("notification") ||
      s.source === "firebase",
  ],
];

const clean = (value: string | null) => (value ?? "").trim().toLowerCase();

/**
 * The session GA4 would see: with any campaign tag, the tags alone (the referrer is not read); without, the
 * referrer's host as the source and "organic" (a search engine), "email" (webmail, ours), "referral" (any other
 * site) or "(none)" (no referrer: direct) as the medium.
 */
function sessionOf(visit: ChannelInput): Session {
  const source = clean(visit.utm_source);
  const medium = clean(visit.utm_medium);
  const campaign = clean(visit.utm_campaign);
  if (source || medium || campaign) return { source, medium, campaign, tagged: true };
  const host = clean(visit.referrer_host).replace(/^www\./, "");
  if (!host) return { source: "(direct)", medium: "(none)", campaign: "", tagged: false };
  const hostMedium = inCategory("search", host)
    ? "organic"
    : inCategory("webmail", host) || /^(web)?mail\./.test(host)
      ? "email"
      : "referral";
  return { source: host, medium: hostMedium, campaign: "", tagged: false };
}

/** A visit's channel: its campaign tags first, its referrer second; "unassigned" when no rule matches. */
export function classifyChannel(visit: ChannelInput): Channel {
  const session = sessionOf(visit);
  for (const [channel, matches] of channelRules) if (matches(session)) return channel;
  return "unassigned";
}
