// Reads a delivered message the way a mail client would, for the mail tests: header lines (unfolded, encoded
// words decoded) and the text/plain and text/html parts (transfer encoding undone).
import { expect } from "vitest";

export interface ReadMail {
  /** Header lines as they arrived, unfolded, in order: [name in lower case, raw value]. */
  headerLines: [string, string][];
  /** The decoded value of a header that must appear exactly once (throws otherwise). */
  header(name: string): string;
  /** How often a header appears. */
  count(name: string): number;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=); white space between two of them is dropped. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_word, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function headerLinesOf(head: string): [string, string][] {
  const lines: [string, string][] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && lines.length > 0) {
      const last = lines[lines.length - 1]!;
      last[1] = last[1] ? `${last[1]} ${line.trim()}` : line.trim();
    } else if (line) {
      const colon = line.indexOf(":");
      lines.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
  }
  return lines;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function value(lines: [string, string][], name: string): string | undefined {
  return lines.find(([key]) => key === name)?.[1];
}

export function readMail(raw: string): ReadMail {
  const { head, body } = splitHead(raw);
  const headerLines = headerLinesOf(head);
  const parts: Record<string, string> = {};
  const collect = (partHead: [string, string][], partBody: string) => {
    const type = value(partHead, "content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const { head: sectionHead, body: sectionBody } = splitHead(section.replace(/^\r?\n/, ""));
        collect(headerLinesOf(sectionHead), sectionBody.replace(/\r?\n$/, ""));
      }
      return;
    }
    const mime = type.split(";")[0]!.trim().toLowerCase();
    parts[mime] = decodeBody(partBody, value(partHead, "content-transfer-encoding")).replace(
      /\r\n/g,
      "\n",
    );
  };
  collect(headerLines, body);
  return {
    headerLines,
    header(name) {
      const found = headerLines.filter(([key]) => key === name.toLowerCase());
      if (found.length !== 1) throw new Error(`${name} appears ${found.length} times`);
      return decodeWords(found[0]![1]);
    },
    count(name) {
      return headerLines.filter(([key]) => key === name.toLowerCase()).length;
    },
    text: parts["text/plain"] ?? "",
    html: parts["text/html"] ?? "",
  };
}

/** Expects every one of `shown` in both bodies: a reader sees the same whichever part the mail client shows. */
export function expectInBothBodies(mail: ReadMail, shown: readonly string[]): void {
  for (const body of [mail.text, mail.html]) {
    for (const text of shown) expect(body).toContain(text);
  }
}
