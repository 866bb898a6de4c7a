// The console's spam score of a message: the verdict against the threshold and each reason in words.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SpamReasons } from "./spam-reasons";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the spam score of a message", () => {
  it("says why a message arrived as spam", () => {
    const html = renderToStaticMarkup(
      <SpamReasons
        spam={{
          score: 9,
          threshold: 5,
          reasons: [
            { code: "too-fast", points: 4, detail: "800 ms" },
            { code: "spam-phrase", points: 5, detail: "backlinks" },
          ],
        }}
      />,
    );
    expect(text(html)).toBe(
      "Score 9: at or above 5, so it arrived as spam. Sent seconds after the page opened: 800 ms (+4) A known spam phrase: backlinks (+5)",
    );
  });

  it("says a clean message showed no sign of spam", () => {
    const html = renderToStaticMarkup(
      <SpamReasons spam={{ score: 0, threshold: 5, reasons: [] }} />,
    );
    expect(text(html)).toBe("Score 0: below 5, so it arrived in the inbox. No sign of spam.");
  });
});
