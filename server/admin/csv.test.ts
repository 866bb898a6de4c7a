// CSV downloads as a spreadsheet reads them: the BOM, RFC 4180 quoting and line ends, and the formula guard.
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("starts with a UTF-8 BOM and ends every record with CRLF", () => {
    const csv = toCsv(["Host", "Visits"], [["example.com", 3]]);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1)).toBe("Host,Visits\r\nexample.com,3\r\n");
  });

  it("quotes fields holding commas, quotes and line breaks, doubling the quotes", () => {
    const csv = toCsv(["Message"], [['Hi, "team"'], ["line one\nline two"], ["Café ✓"]]);
    expect(csv.slice(1)).toBe('Message\r\n"Hi, ""team"""\r\n"line one\nline two"\r\nCafé ✓\r\n');
  });

  it("prefixes text a spreadsheet would run as a formula with an apostrophe", () => {
    const texts = ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "a=b", "'quoted"];
    const csv = toCsv(
      ["Text"],
      texts.map((text) => [text]),
    );
    const body = csv.slice(1).split("\r\n").slice(1, -1);
    expect(body).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", '"\'\rx"', "a=b", "'quoted"]);
  });

  it("writes numbers as numbers and empty cells as nothing", () => {
    const csv = toCsv(["A", "B", "C"], [[-5, null, undefined]]);
    expect(csv.slice(1)).toBe("A,B,C\r\n-5,,\r\n");
  });
});
