// What a track-referrer call stores: the referrer's host and source class, the landing path, the UTM
// parameters of the landing URL (other query parameters are dropped) and a bot flag.
import { isbot } from "isbot";
import { directReferrer, type TrackReferrer } from "../../contracts/track-referrer.ts";
import { type UtmParameter, utmParameters } from "../../contracts/utm.ts";
import { byUserAgent } from "../audience/by-user-agent.ts";
import type { NewReferrerVisit } from "../db/repositories/referrer-visits.ts";
import type { ReferrerSource } from "../db/schema.ts";

const maxUtmLength = 200;

/** Host suffixes (a host matches itself and its subdomains), checked in this order: the first match wins. */
const sourceHosts: [Exclude<ReferrerSource, "direct" | "other">, string[]][] = [
  [
    "ai",
    [
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
  ],
  [
    "email",
    [
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
  ],
  [
    "social",
    [
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
      "youtube.com",
      "youtu.be",
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
  ],
  [
    "search",
    [
      "bing.com",
      "duckduckgo.com",
      "search.yahoo.com",
      "yahoo.com",
      "baidu.com",
      "yandex.com",
      "yandex.ru",
      "ecosia.org",
      "search.brave.com",
      "startpage.com",
      "qwant.com",
      "ask.com",
      "aol.com",
      "naver.com",
      "seznam.cz",
      "kagi.com",
    ],
  ],
];

/** Each class's hosts with their dotted forms made once: every visit is classified. */
const sourceMatchers = sourceHosts.map(
  ([source, suffixes]) =>
    [source, suffixes.map((suffix) => [suffix, `.${suffix}`] as const)] as const,
);

function matchesHost(host: string, [suffix, dotted]: readonly [string, string]): boolean {
  return host === suffix || host.endsWith(dotted);
}

/** Google's search hosts: google.com, www.google.co.uk, google.de ... (its other services are matched before). */
const googleSearch = /(^|\.)google(\.com?)?\.[a-z]{2,3}$/;

/** The source class of a referrer host (lower case, without port); null means a direct visit. */
export function classifySource(host: string | null): ReferrerSource {
  if (host === null) return "direct";
  const bare = host.replace(/^www\./, "");
  for (const [source, suffixes] of sourceMatchers) {
    if (suffixes.some((suffix) => matchesHost(bare, suffix))) return source;
  }
  if (bare.startsWith("mail.") || bare.startsWith("webmail.")) return "email";
  if (googleSearch.test(bare) || bare === "google.com") return "search";
  return "other";
}

/** Control characters (tab and NUL among them): matching them is the point here. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to remove control characters.
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** Control characters may hide in percent-encoded query values: dropped. */
function cleanParameter(value: string | null): string | null {
  if (value === null) return null;
  const cleaned = value.replace(controlCharacters, "").trim();
  return cleaned ? cleaned.slice(0, maxUtmLength) : null;
}

/** isbot, remembered by user agent. */
export const isBotUserAgent = byUserAgent(isbot);

export function deriveReferrerVisit(
  input: TrackReferrer,
  requestUserAgent: string | undefined,
): NewReferrerVisit {
  const referrer = input.referrer === directReferrer ? null : new URL(input.referrer);
  const page = new URL(input.page_url);
  const referrerHost = referrer ? referrer.hostname.toLowerCase() : null;
  const utm = Object.fromEntries(
    utmParameters.map((name) => [name, cleanParameter(page.searchParams.get(name))]),
  ) as Record<UtmParameter, string | null>;
  return {
    session_id: input.session_id,
    referrer_url: referrer ? input.referrer : null,
    referrer_host: referrerHost,
    source: classifySource(referrerHost),
    landing_path: page.pathname,
    ...utm,
    user_agent: input.user_agent,
    is_bot: isBotUserAgent(input.user_agent) || isBotUserAgent(requestUserAgent ?? ""),
  };
}
