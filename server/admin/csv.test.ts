// CSV downloads as a spreadsheet reads them: the BOM, RFC 4180 quoting and line ends, and the formula guard.
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

/** Each text as its CSV field (one text a record, header and BOM left out). */
const fieldsOf = (texts: string[]) =>
  toCsv(
    ["Text"],
    texts.map((text) => [text]),
  )
    .slice(1)
    .split("\r\n")
    .slice(1, -1);

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
    expect(fieldsOf(texts)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      '"\'\tx"',
      '"\'\rx"',
      "a=b",
      "'quoted",
    ]);
  });

  it("guards every segment a spreadsheet may split off, and quotes fields holding a separator", () => {
    const texts = ["Eve;=10*10;", "Hi\n=7*6", "a,  +1", "x\t@SUM(A1)", " -2", "a;b", "a=b-c"];
    expect(fieldsOf(texts)).toEqual([
      '"Eve;\'=10*10;"',
      '"Hi\n\'=7*6"',
      '"a,  \'+1"',
      '"x\t\'@SUM(A1)"',
      " '-2",
      '"a;b"',
      "a=b-c",
    ]);
  });

  it("writes numbers as numbers and empty cells as nothing", () => {
    const csv = toCsv(["A", "B", "C"], [[-5, null, undefined]]);
    expect(csv.slice(1)).toBe("A,B,C\r\n-5,,\r\n");
  });
});
