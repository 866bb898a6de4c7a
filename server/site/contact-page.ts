// The contact page as answered after a no-JavaScript post: the prerendered HTML, parsed, with the outcome shown in
// its status area and, after an error, the entered values back in their fields, then serialized. Values are set
// on the parsed tree (never pasted into HTML text), so the serializer escapes whatever a visitor typed.
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse, serialize } from "parse5";
import { contactFormTexts } from "../../contracts/contact-form-texts.ts";
import { replyWithinHours } from "../../contracts/reply-promise.ts";
import type { FormFlash } from "./form-flash.ts";

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The attribute of the empty status area the contact page prerenders (a static region: hydration keeps it). */
export const formStatusAttribute = "data-form-status";

export const contactPageTexts = {
  sent: `${contactFormTexts.dialogTitle} ${contactFormTexts.successDescription(replyWithinHours)}`,
  failed: `${contactFormTexts.failureTitle}. ${contactFormTexts.failureDescription}`,
} as const;

function* elements(parent: ParentNode): Generator<Element> {
  for (const child of defaultTreeAdapter.getChildNodes(parent)) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    yield child;
    yield* elements(child);
  }
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function setAttribute(element: Element, name: string, value: string): void {
  const existing = element.attrs.find((attr) => attr.name === name);
  if (existing) existing.value = value;
  else element.attrs.push({ name, value });
}

function replaceChildren(element: Element, children: DefaultTreeAdapterTypes.ChildNode[]): void {
  for (const child of [...element.childNodes]) defaultTreeAdapter.detachNode(child);
  for (const child of children) defaultTreeAdapter.appendChild(element, child);
}

function textElement(tag: string, className: string, text: string, parent: Element): Element {
  const element = defaultTreeAdapter.createElement(tag, parent.namespaceURI, [
    { name: "class", value: className },
  ]);
  defaultTreeAdapter.insertText(element, text);
  return element;
}

function showStatus(status: Element, kind: "success" | "error", text: string): void {
  status.attrs = [
    { name: formStatusAttribute, value: kind },
    { name: "role", value: kind === "error" ? "alert" : "status" },
    { name: "class", value: "mx-auto mb-8 max-w-6xl px-4" },
  ];
  const tone = kind === "error" ? "border-red-700 text-red-800" : "border-brand-700 text-brand-900";
  replaceChildren(status, [
    textElement("p", `rounded-lg border p-4 font-semibold ${tone}`, text, status),
  ]);
}

/** Fills each named input and textarea with its kept value; marks the field the error names as invalid. */
function fillFields(document: ParentNode, flash: FormFlash): void {
  for (const element of elements(document)) {
    if (element.tagName !== "input" && element.tagName !== "textarea") continue;
    const name = attribute(element, "name");
    if (name === undefined || !Object.hasOwn(flash.values, name)) continue;
    const value = flash.values[name] ?? "";
    if (element.tagName === "input") setAttribute(element, "value", value);
    else {
      replaceChildren(element, []);
      if (value) defaultTreeAdapter.insertText(element, value);
    }
    if (name === flash.field) setAttribute(element, "aria-invalid", "true");
  }
}

export function contactPageAfterPost(
  html: string,
  outcome: { sent: true } | { failed: true } | { flash: FormFlash },
): string {
  const document = parse(html);
  let status: Element | undefined;
  for (const element of elements(document)) {
    if (attribute(element, formStatusAttribute) === undefined) continue;
    status = element;
    break;
  }
  if (!status) throw new Error(`the contact page has no ${formStatusAttribute} element`);
  if ("sent" in outcome) showStatus(status, "success", contactPageTexts.sent);
  else if ("failed" in outcome) showStatus(status, "error", contactPageTexts.failed);
  else {
    fillFields(document, outcome.flash);
    showStatus(status, "error", outcome.flash.error);
  }
  return serialize(document);
}
