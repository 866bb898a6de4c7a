// The spam score of a contact message: points for each sign that a machine or a salesman sent it (the honeypot, the
// render token, links, known phrases, the team's blocklist), kept with the message as its reasons. At or above the
// threshold the message is stored as spam: nobody is e-mailed, nothing is sent on, and it leaves the figures.
import { z } from "zod";
import { type SpamReason, spamReasonCodes, spamThreshold } from "../../contracts/spam-reasons.ts";
import { type FormTokenCheck, maxFormTokenAgeMs, minFormFillMs } from "./form-token.ts";
import { spamPhrases } from "./spam-phrases.ts";

const spamReasonsSchema = z.array(
  z.object({
    code: z.enum(spamReasonCodes),
    points: z.number().int(),
    detail: z.string().optional(),
  }),
);

/** Reads a message's stored reasons; one stored before scoring existed has none. */
export function parseSpamReasons(json: string): SpamReason[] {
  try {
    const parsed = spamReasonsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const spamPoints = {
  honeypot: 10,
  tokenMissing: 2,
  tokenInvalid: 3,
  tooFast: 4,
  tokenExpired: 2,
  linkInName: 5,
  blocklist: 5,
  strongPhrase: 5,
  weakPhrase: 2,
} as const;

/** Points for the links in the message: one is an organizer's own site, a few are a pitch. */
const linkPoints = (count: number) => (count === 0 ? 0 : count === 1 ? 1 : count === 2 ? 3 : 5);

export interface SpamInput {
  name: string;
  email: string;
  business_name: string | null;
  website: string | null;
  message: string;
  honeypot: boolean;
  token: FormTokenCheck;
  /** SPAM_BLOCKLIST: addresses, domains (`@example.com` or `example.com`) and words. */
  blocklist: readonly string[];
  /** The team said "not spam" to a message from this address before. */
  trusted: boolean;
}

export interface SpamScore {
  score: number;
  reasons: SpamReason[];
  spam: boolean;
}

const linkPattern =
  /\bhttps?:\/\/\S+|\bwww\.\S+|\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|ru|xyz|info|biz|io|co|top|site|online|shop|store|click|link|me|us|es|mx)\b(?:\/\S*)?/gi;

export function countLinks(text: string): number {
  return text.match(linkPattern)?.length ?? 0;
}

function tokenReason(token: FormTokenCheck): SpamReason | null {
  if (token.kind === "missing") return { code: "token-missing", points: spamPoints.tokenMissing };
  if (token.kind === "invalid") return { code: "token-invalid", points: spamPoints.tokenInvalid };
  if (token.ageMs < minFormFillMs) {
    return {
      code: "too-fast",
      points: spamPoints.tooFast,
      detail: `${Math.max(0, token.ageMs)} ms`,
    };
  }
  if (token.ageMs > maxFormTokenAgeMs)
    return { code: "token-expired", points: spamPoints.tokenExpired };
  return null;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

function hostOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase();
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first blocklist entry the message matches: its address, its domain or its site's, or a word in its text. */
function blockedBy(input: SpamInput): string | null {
  const email = input.email.toLowerCase();
  const domain = domainOf(email);
  const host = hostOf(input.website);
  const text = [input.name, input.business_name ?? "", input.message].join("\n");
  for (const raw of input.blocklist) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes("@") && !entry.startsWith("@")) {
      if (email === entry) return raw;
      continue;
    }
    const asDomain = entry.replace(/^@/, "");
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(asDomain)) {
      const matches = (name: string | null) =>
        name !== null && (name === asDomain || name.endsWith(`.${asDomain}`));
      if (matches(domain) || matches(host) || text.toLowerCase().includes(asDomain)) return raw;
      continue;
    }
    if (
      new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(entry)}($|[^\\p{L}\\p{N}])`, "iu").test(text)
    ) {
      return raw;
    }
  }
  return null;
}

export function scoreMessage(input: SpamInput): SpamScore {
  const reasons: SpamReason[] = [];
  if (input.honeypot) reasons.push({ code: "honeypot", points: spamPoints.honeypot });
  if (input.trusted) {
    // The team vouched for this sender: only the honeypot, which no person fills, still counts.
    reasons.push({ code: "trusted-sender", points: 0 });
  } else {
    const token = tokenReason(input.token);
    if (token) reasons.push(token);
    const links = countLinks(input.message);
    if (links > 0)
      reasons.push({ code: "links", points: linkPoints(links), detail: String(links) });
    if (countLinks(input.name) > 0)
      reasons.push({ code: "link-in-name", points: spamPoints.linkInName });
    const text = [input.name, input.business_name ?? "", input.message].join("\n");
    const seen = new Set<string>();
    for (const found of spamPhrases) {
      if (seen.has(found.label) || !found.pattern.test(text)) continue;
      seen.add(found.label);
      reasons.push({
        code: "spam-phrase",
        points: found.strength === "strong" ? spamPoints.strongPhrase : spamPoints.weakPhrase,
        detail: found.label,
      });
    }
    const blocked = blockedBy(input);
    if (blocked !== null)
      reasons.push({ code: "blocklist", points: spamPoints.blocklist, detail: blocked });
  }
  const score = reasons.reduce((sum, reason) => sum + reason.points, 0);
  return { score, reasons, spam: score >= spamThreshold };
}
