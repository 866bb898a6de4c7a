// What a track-referrer call stores: the referrer's host, the visit's channel (server/analytics/channels.ts), the
// landing path, the UTM parameters of the landing URL (other query parameters are dropped) and a bot flag.
import { isbot } from "isbot";
import { directReferrer, type TrackReferrer } from "../../contracts/track-referrer.ts";
import { type UtmParameter, utmParameters } from "../../contracts/utm.ts";
import { classifyChannel } from "../analytics/channels.ts";
import { byUserAgent } from "../audience/by-user-agent.ts";
import type { NewReferrerVisit } from "../db/repositories/referrer-visits.ts";

const maxUtmLength = 200;

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
    source: classifyChannel({ referrer_host: referrerHost, ...utm }),
    landing_path: page.pathname,
    ...utm,
    user_agent: input.user_agent,
    is_bot: isBotUserAgent(input.user_agent) || isBotUserAgent(requestUserAgent ?? ""),
  };
}
