// The contact page as answered after a no-JavaScript post: the prerendered HTML, parsed, with the outcome shown and,
// after an error, the entered values back in their fields, the GOV.UK error summary at the top of the form and each
// refused field's sentence under it, then serialized. Values are set on the parsed tree (never pasted into HTML
// text), so the serializer escapes whatever a visitor typed. The error markup is the one the form renders itself
// (contracts/contact-fields.ts), so the form hydrates over it unchanged.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyReply } from "fastify";
import {
  type DefaultTreeAdapterTypes,
  defaultTreeAdapter,
  html as htmlSpec,
  parse,
  serialize,
} from "parse5";
import {
  type ContactFieldName,
  contactErrorMarkup,
  contactFieldNames,
  formTokenFieldName,
} from "../../contracts/contact-fields.ts";
import { errorSummaryTitle } from "../../contracts/contact-form-messages.ts";
import { contactFormTexts } from "../../contracts/contact-form-texts.ts";
import { replyWithinHours } from "../../contracts/reply-promise.ts";
import { pageHelmet } from "../plugins/helmet.ts";
import type { FormFlash } from "./form-flash.ts";
import { clientDirName, type PageEntry, readSiteManifest } from "./manifest.ts";

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** The attribute of the empty status area the contact page prerenders (a static region: hydration keeps it). */
export const formStatusAttribute = "data-form-status";
/** The status area's id: every redirect after a post lands on it, so the outcome is at the top of the screen. */
export const formStatusId = "contact-form-status";
/** The id of the form's note, after which the error summary goes (where the form renders it). */
const formNoteId = "contact-form-note";

export const contactPageTexts = {
  sent: `${contactFormTexts.dialogTitle} ${contactFormTexts.successDescription(replyWithinHours)}`,
  failed: `${contactFormTexts.failureTitle}. ${contactFormTexts.failureDescription}`,
} as const;

/** What the page shows: a sent or failed post, one refused by validation, or one over the rate limit. */
export type ContactPageOutcome =
  | { sent: true }
  | { failed: true }
  | { flash: FormFlash }
  | { tooManyRequests: { retryAfterSeconds: number; values: Record<string, string> } };

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

function element(
  tag: string,
  attrs: Record<string, string>,
  children: (DefaultTreeAdapterTypes.ChildNode | string)[],
): Element {
  const created = defaultTreeAdapter.createElement(
    tag,
    htmlSpec.NS.HTML,
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
  for (const child of children) {
    if (typeof child === "string") defaultTreeAdapter.insertText(created, child);
    else defaultTreeAdapter.appendChild(created, child);
  }
  return created;
}

function insertAfter(reference: Element, added: Element): void {
  const parent = reference.parentNode;
  if (!parent) return;
  const next = parent.childNodes[parent.childNodes.indexOf(reference) + 1];
  if (next) defaultTreeAdapter.insertBefore(parent, added, next);
  else defaultTreeAdapter.appendChild(parent, added);
}

function showStatus(status: Element, kind: "success" | "error", text: string): void {
  status.attrs = [
    { name: "id", value: formStatusId },
    { name: formStatusAttribute, value: kind },
    { name: "role", value: kind === "error" ? "alert" : "status" },
    { name: "class", value: "mx-auto mb-8 max-w-6xl px-4" },
  ];
  const tone = kind === "error" ? "border-red-700 text-red-800" : "border-brand-700 text-brand-900";
  replaceChildren(status, [
    element("p", { class: `rounded-lg border-2 p-4 font-semibold ${tone}` }, [text]),
  ]);
}

/** Fills each named input and textarea with its kept value; marks each refused field and puts its sentence under it. */
function fillFields(
  page: ParentNode,
  values: Record<string, string>,
  errors: FormFlash["errors"],
): void {
  for (const field of [...elements(page)]) {
    if (field.tagName !== "input" && field.tagName !== "textarea") continue;
    const name = attribute(field, "name");
    if (name === undefined || !Object.hasOwn(values, name)) continue;
    const value = values[name] ?? "";
    if (field.tagName === "input") setAttribute(field, "value", value);
    else {
      replaceChildren(field, []);
      if (value) defaultTreeAdapter.insertText(field, value);
    }
    const error = errors[name as ContactFieldName];
    if (!error) continue;
    const messageId = contactErrorMarkup.messageId(name as ContactFieldName);
    setAttribute(field, "aria-invalid", "true");
    setAttribute(field, "aria-describedby", messageId);
    insertAfter(
      field,
      element("p", { id: messageId, class: contactErrorMarkup.messageClass }, [error]),
    );
  }
}

/** The error summary at the top of the form: each refused field's sentence as a link to the field. */
function addErrorSummary(page: ParentNode, errors: FormFlash["errors"]): void {
  const refused = contactFieldNames.filter((name) => errors[name]);
  if (refused.length === 0) return;
  const note = [...elements(page)].find((found) => attribute(found, "id") === formNoteId);
  if (!note) throw new Error(`the contact page has no #${formNoteId} element`);
  const items = refused.map((name) =>
    element("li", {}, [
      element(
        "a",
        {
          href: `#${contactErrorMarkup.fieldId(name)}`,
          class: contactErrorMarkup.summaryLinkClass,
        },
        [errors[name] ?? ""],
      ),
    ]),
  );
  insertAfter(
    note,
    element(
      "div",
      {
        id: contactErrorMarkup.summaryId,
        role: "alert",
        tabindex: "-1",
        class: contactErrorMarkup.summaryClass,
      },
      [
        element("h3", { class: contactErrorMarkup.summaryTitleClass }, [errorSummaryTitle]),
        element("ul", { class: contactErrorMarkup.summaryListClass }, items),
      ],
    ),
  );
}

/** Puts the page's render token in the form's hidden field (the form sends it back with the post). */
function setFormToken(page: ParentNode, token: string): void {
  for (const field of elements(page)) {
    if (field.tagName === "input" && attribute(field, "name") === formTokenFieldName) {
      setAttribute(field, "value", token);
    }
  }
}

export function contactPageAfterPost(
  html: string,
  outcome: ContactPageOutcome | null,
  formToken?: string,
): string {
  const page = parse(html);
  if (formToken !== undefined) setFormToken(page, formToken);
  if (outcome === null) return serialize(page);
  const status = [...elements(page)].find(
    (found) => attribute(found, formStatusAttribute) !== undefined,
  );
  if (!status) throw new Error(`the contact page has no ${formStatusAttribute} element`);
  if ("sent" in outcome) showStatus(status, "success", contactPageTexts.sent);
  else if ("failed" in outcome) showStatus(status, "error", contactPageTexts.failed);
  else if ("tooManyRequests" in outcome) {
    const { retryAfterSeconds, values } = outcome.tooManyRequests;
    fillFields(page, values, {});
    showStatus(status, "error", contactFormTexts.tooManyRequests(retryAfterSeconds));
  } else {
    const { values, errors, formError } = outcome.flash;
    fillFields(page, values, errors);
    addErrorSummary(page, errors);
    if (formError) showStatus(status, "error", formError);
  }
  return serialize(page);
}

/** The built contact page, answered with the outcome of a no-JavaScript post (by the site and the contact function). */
export class ContactPage {
  readonly page: PageEntry;
  readonly #html: string;

  constructor(page: PageEntry, html: string) {
    this.page = page;
    this.#html = html;
  }

  /** The build's contact page; null without a build (an instance serving only the functions) or without the page. */
  static async load(buildDir: string | undefined): Promise<ContactPage | null> {
    if (buildDir === undefined) return null;
    const manifest = await readSiteManifest(buildDir);
    const page = manifest.pages.find((entry) => entry.path === "/contact");
    if (!page) return null;
    return new ContactPage(page, await readFile(join(buildDir, clientDirName, page.file), "utf8"));
  }

  /** Sends the page with the outcome (none: the page as built) and a fresh render token: the page's own CSP, never cached. */
  send(
    reply: FastifyReply,
    outcome: ContactPageOutcome | null,
    options: { status?: number; connectSrc?: readonly string[]; formToken?: string } = {},
  ): FastifyReply {
    // Also answered from the contact function's route, whose headers are an API's: the page's are set here.
    reply.helmet(pageHelmet(this.page.scriptHashes, options.connectSrc, this.page.styleHashes));
    const html = contactPageAfterPost(this.#html, outcome, options.formToken);
    // Rendered per request (its token), so compressed here as the build compresses the other pages.
    const accepted = String(reply.request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    reply
      .code(options.status ?? 200)
      .header("cache-control", "no-store")
      .header("vary", [reply.getHeader("vary"), "accept-encoding"].filter(Boolean).join(", "))
      .type("text/html; charset=utf-8");
    if (encoding === null) return reply.send(html);
    const body =
      encoding === "br"
        ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(html);
    return reply.header("content-encoding", encoding).send(body);
  }
}
