// The spam score on the labelled set: at least 95% of the spam caught, no genuine enquiry lost; and the set is
// what it claims to be (100 of each at least, no message twice, Spanish in both).
import { describe, expect, it } from "vitest";
import { genuineEnquiries } from "./fixtures/genuine-enquiries.ts";
import { spamMessages } from "./fixtures/spam-messages.ts";
import { spamFigures } from "./spam-figures.ts";
import { scoreMessage } from "./spam-score.ts";

describe("the spam score on the labelled set", () => {
  it("holds at least 100 spam messages and 100 genuine enquiries, each once, some in Spanish", () => {
    expect(spamMessages.length).toBeGreaterThanOrEqual(100);
    expect(genuineEnquiries.length).toBeGreaterThanOrEqual(100);
    const texts = [...spamMessages, ...genuineEnquiries].map((message) => message.message);
    expect(new Set(texts).size).toBe(texts.length);
    const spanish = /\b(hola|somos|nuestra?|ofrecemos|su|para)\b/i;
    expect(spamMessages.filter((m) => spanish.test(m.message)).length).toBeGreaterThanOrEqual(10);
    expect(genuineEnquiries.filter((m) => spanish.test(m.message)).length).toBeGreaterThanOrEqual(
      10,
    );
  });

  it("catches at least 95% of the spam and loses no genuine enquiry", () => {
    const figures = spamFigures();
    expect(figures.falsePositives.map((entry) => entry.message.name)).toEqual([]);
    expect(figures.caughtRate).toBeGreaterThanOrEqual(0.95);
  });
});

describe("the spam score of plain text", () => {
  it("sees no sign of spam in random ids such as those of a load test", () => {
    const ids = Array.from({ length: 5_000 }, () => `crash mail ${crypto.randomUUID()}`);
    const scored = ids.filter(
      (message) =>
        scoreMessage({
          name: "Crash Test",
          email: "crash@example.com",
          business_name: null,
          website: null,
          message,
          honeypot: false,
          token: { kind: "rendered", ageMs: 60_000 },
          blocklist: [],
          trusted: false,
        }).score > 0,
    );
    expect(scored).toEqual([]);
  });
});
