// Finds the links of the repository's Markdown documents that lead nowhere: a missing file or heading, or a place
// outside the repository (only example hosts and localhost may be named, as samples).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface BrokenLink {
  file: string;
  target: string;
  reason: string;
}

/** README.md and every Markdown file under docs/, relative to the root. */
export function markdownDocuments(root: string): string[] {
  const docs = readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".md"))
    .map((path) => join("docs", path));
  return ["README.md", ...docs.sort()];
}

/** Text outside fenced code blocks and inline code: a link-like string in code is an example, not a link. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")
    .replace(/(`+)[^`]*?\1/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");
}

const inlineLink = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const autolink = /<((?:https?|mailto|ftp):[^>\s]+)>/g;
const referenceDefinition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm;
// GitHub also links a bare web address in prose.
const bareUrl = /\bhttps?:\/\/[^\s<>()[\]`]+[^\s<>()[\]`.,;:!?'"]/g;

/** The targets of inline links and images, autolinks, reference definitions and bare web addresses. */
export function linkTargets(markdown: string): string[] {
  const prose = proseOf(markdown);
  const linked = [inlineLink, autolink, referenceDefinition].flatMap((pattern) =>
    [...prose.matchAll(pattern)].map((match) => match[1] as string),
  );
  const rest = prose.replace(inlineLink, "").replace(autolink, "").replace(referenceDefinition, "");
  return [...linked, ...[...rest.matchAll(bareUrl)].map((match) => match[0])];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutCode = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const match of withoutCode.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = headingAnchor(match[1] as string);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Hosts a document may name: reserved example domains and this machine. */
export function isSampleHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname === "127.0.0.1" ||
    hostname === "example.com" ||
    hostname.endsWith(".example.com") ||
    hostname.endsWith(".example")
  );
}

function problemOf(root: string, file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return "not a valid URL";
    }
    if ((url.protocol === "http:" || url.protocol === "https:") && isSampleHost(url.hostname))
      return null;
    return "leads outside the repository";
  }
  const [pathPart = "", anchor] = target.split("#", 2);
  const path = decodeURIComponent(pathPart);
  const absolute = path === "" ? resolve(root, file) : resolve(root, dirname(file), path);
  const inside = relative(root, absolute);
  if (inside.startsWith("..") || resolve(root, inside) !== absolute)
    return "leads outside the repository";
  if (!existsSync(absolute)) return "no such file";
  if (anchor && statSync(absolute).isFile() && absolute.endsWith(".md")) {
    if (!anchorsOf(readFileSync(absolute, "utf8")).has(anchor)) return `no heading #${anchor}`;
  }
  return null;
}

/** Every link of the documents that leads nowhere or outside the repository. */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  return files.flatMap((file) =>
    linkTargets(readFileSync(join(root, file), "utf8")).flatMap((target) => {
      const reason = problemOf(root, file, target);
      return reason === null ? [] : [{ file, target, reason }];
    }),
  );
}
