// The spam score against the labelled set (ADR 34): the share of the spam caught and the genuine enquiries lost,
// each message scored as the form would see it from a sender who loaded the page a minute before posting (the
// token passes): what the text alone decides.
import { genuineEnquiries } from "./fixtures/genuine-enquiries.ts";
import type { LabelledMessage } from "./fixtures/labelled-message.ts";
import { spamMessages } from "./fixtures/spam-messages.ts";
import { type SpamScore, scoreMessage } from "./spam-score.ts";

export interface SpamFigures {
  spam: number;
  caught: number;
  genuine: number;
  lost: number;
  /** caught / spam. */
  caughtRate: number;
  /** The spam let through and the genuine enquiries marked as spam, with their scores. */
  missed: { message: LabelledMessage; verdict: SpamScore }[];
  falsePositives: { message: LabelledMessage; verdict: SpamScore }[];
  /** The highest score of a genuine enquiry: how far below the threshold the set stays. */
  highestGenuineScore: number;
}

/** The set writes hosts under the reserved .example; each stands for the .com a real sender would type. */
const asSent = (text: string) => text.replaceAll(/\.example\b/g, ".com");

const scored = (message: LabelledMessage) => ({
  message,
  verdict: scoreMessage({
    name: asSent(message.name),
    email: asSent(message.email),
    business_name: message.business_name,
    website: message.website === null ? null : asSent(message.website),
    message: asSent(message.message),
    honeypot: false,
    token: { kind: "rendered", ageMs: 60_000 },
    blocklist: [],
    trusted: false,
  }),
});

export function spamFigures(
  spam: readonly LabelledMessage[] = spamMessages,
  genuine: readonly LabelledMessage[] = genuineEnquiries,
): SpamFigures {
  const missed = spam.map(scored).filter((entry) => !entry.verdict.spam);
  const genuineScored = genuine.map(scored);
  const falsePositives = genuineScored.filter((entry) => entry.verdict.spam);
  const caught = spam.length - missed.length;
  return {
    spam: spam.length,
    caught,
    genuine: genuine.length,
    lost: falsePositives.length,
    caughtRate: caught / spam.length,
    missed,
    falsePositives,
    highestGenuineScore: Math.max(0, ...genuineScored.map((entry) => entry.verdict.score)),
  };
}
