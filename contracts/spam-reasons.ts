// Why a contact message scored as spam, as stored with it and shown in the console (ADR 34). Shared by the browser
// and the server; no zod here, so the console's bundle does not carry it (the server's schema is in
// server/leads/spam-score.ts).

/** A message scoring this much or more is spam. */
export const spamThreshold = 5;

export const spamReasonCodes = [
  "honeypot",
  "token-missing",
  "token-invalid",
  "too-fast",
  "token-expired",
  "links",
  "link-in-name",
  "spam-phrase",
  "blocklist",
  "trusted-sender",
] as const;
export type SpamReasonCode = (typeof spamReasonCodes)[number];

export interface SpamReason {
  code: SpamReasonCode;
  points: number;
  /** What matched: the phrase's label, the blocklist entry, the number of links, the time taken. */
  detail?: string | undefined;
}

/** What the console says of each reason (its detail follows). */
export const spamReasonLabels: Record<SpamReasonCode, string> = {
  honeypot: "Filled the hidden field people never see",
  "token-missing": "Sent without the form's page",
  "token-invalid": "Sent with a forged page token",
  "too-fast": "Sent seconds after the page opened",
  "token-expired": "Sent from a page opened more than a day before",
  links: "Links in the message",
  "link-in-name": "A link in the name",
  "spam-phrase": "A known spam phrase",
  blocklist: "On the team's blocklist",
  "trusted-sender": "A sender the team marked as not spam",
};
