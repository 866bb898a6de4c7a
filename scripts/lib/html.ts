// Reading and rewriting built HTML with an HTML parser (parse5): the build never edits markup as text.
import { createHash } from "node:crypto";
import {
  defaultTreeAdapter as adapter,
  parse,
  serialize,
  type DefaultTreeAdapterTypes as T,
} from "parse5";

export type HtmlDocument = T.Document;
export type HtmlElement = T.Element;

export const parseHtml = (html: string): HtmlDocument => parse(html);
export const serializeHtml = (doc: HtmlDocument): string => serialize(doc);

/** Every element of the document, in document order. */
export function* elements(node: T.ParentNode): Generator<HtmlElement> {
  for (const child of adapter.getChildNodes(node)) {
    if (!adapter.isElementNode(child)) continue;
    yield child;
    yield* elements(child.tagName === "template" ? (child as T.Template).content : child);
  }
}

export function attribute(element: HtmlElement, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

export function setAttribute(element: HtmlElement, name: string, value: string): void {
  const existing = element.attrs.find((attr) => attr.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

/** The raw text of an element (a script's source exactly as written). */
export function textOf(element: HtmlElement): string {
  return adapter
    .getChildNodes(element)
    .map((child) => (adapter.isTextNode(child) ? adapter.getTextNodeContent(child) : ""))
    .join("");
}

export function scripts(doc: HtmlDocument): HtmlElement[] {
  return [...elements(doc)].filter((element) => element.tagName === "script");
}

/** Data blocks (JSON-LD and the like): the browser never executes them, so the CSP needs no hash for them. */
const dataScriptTypes = new Set(["application/json", "application/ld+json"]);

/** sha256 CSP sources of every inline script the browser executes or reads as rules (speculation rules). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const script of scripts(parseHtml(html))) {
    if (attribute(script, "src") !== undefined) continue;
    if (dataScriptTypes.has((attribute(script, "type") ?? "").toLowerCase())) continue;
    hashes.add(`'sha256-${createHash("sha256").update(textOf(script), "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** sha256 CSP sources of every inline <style> (the critical CSS written at build), for style-src. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const style of [...elements(parseHtml(html))].filter((e) => e.tagName === "style"))
    hashes.add(`'sha256-${createHash("sha256").update(textOf(style), "utf8").digest("base64")}'`);
  return [...hashes];
}

/** Inserts a new element right after `reference`. */
export function insertAfter(
  reference: HtmlElement,
  tagName: string,
  attrs: Record<string, string>,
): void {
  const parent = adapter.getParentNode(reference);
  if (!parent) throw new Error(`<${reference.tagName}> has no parent`);
  const created = adapter.createElement(
    tagName,
    reference.namespaceURI,
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
  const siblings = adapter.getChildNodes(parent);
  const next = siblings[siblings.indexOf(reference) + 1];
  if (next) adapter.insertBefore(parent, created, next);
  else adapter.appendChild(parent, created);
}

export function removeElement(element: HtmlElement): void {
  adapter.detachNode(element);
}
