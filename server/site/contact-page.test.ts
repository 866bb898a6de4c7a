import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { buildTestApp, freshAddress } from "../test/app.ts";
import { openTestDatabase, type TestDatabase } from "../test/databases.ts";
import { FormFlashStore } from "./form-flash.ts";
import type { SiteManifest } from "./manifest.ts";

type Element = DefaultTreeAdapterTypes.Element;

/** The prerendered contact page's shape: head, the empty status area, the form's fields and its honeypot. */
const contactHtml = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body><main><div data-form-status="" role="status"></div><form id="contact-form" method="post" action="/functions/v1/submit-contact-form"><input id="f-name" name="name" required="" autocomplete="name"><input id="f-email" type="email" name="email" required=""><input id="f-phone" type="tel" name="phone"><input id="f-business" name="business_name"><input id="f-website" type="url" name="website"><textarea id="f-message" name="message" rows="5" required=""></textarea><input type="text" name="extra_comments" tabindex="-1" value=""><button type="submit">Send</button></form></main></body></html>`;

/** Every character a string replacement or a careless escape would turn into markup. */
const hostile = `$\` onfocus=alert(1) autofocus x $& $' $$ "q" 'a' <b> & end`;
const fields = ["name", "email", "phone", "business_name", "website", "message"] as const;

function elementsOf(node: DefaultTreeAdapterTypes.ParentNode): Element[] {
  const found: Element[] = [];
  for (const child of defaultTreeAdapter.getChildNodes(node)) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    found.push(child, ...elementsOf(child));
  }
  return found;
}

const attrsOf = (element: Element) =>
  Object.fromEntries(element.attrs.map((attr) => [attr.name, attr.value]));
const textOf = (element: Element): string =>
  element.childNodes
    .map((child) =>
      defaultTreeAdapter.isTextNode(child)
        ? child.value
        : defaultTreeAdapter.isElementNode(child)
          ? textOf(child)
          : "",
    )
    .join("");

function byName(html: string): { named: Map<string, Element>; all: Element[] } {
  const all = elementsOf(parse(html));
  const named = new Map<string, Element>();
  for (const element of all) {
    const name = attrsOf(element).name;
    if (name) named.set(name, element);
  }
  return { named, all };
}

describe("the contact page after a no-JavaScript post", () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let buildDir: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(join(tmpdir(), "boothpilot-site-"));
    await mkdir(join(buildDir, "client"));
    await writeFile(join(buildDir, "client", "contact.html"), contactHtml);
    await writeFile(
      join(buildDir, "client", "404.html"),
      "<!DOCTYPE html><title>Not found</title>",
    );
    await writeFile(join(buildDir, "client", ".env"), "SECRET=dotfile-content");
    await mkdir(join(buildDir, "client", ".well-hidden"));
    await writeFile(join(buildDir, "client", ".well-hidden", "notes.txt"), "dotfile-content");
    const manifest: SiteManifest = {
      builtAt: new Date(0).toISOString(),
      pages: [{ path: "/contact", file: "contact.html", scriptHashes: [] }],
      notFound: { path: "/404", file: "404.html", scriptHashes: [] },
    };
    await writeFile(join(buildDir, "site-manifest.json"), JSON.stringify(manifest));
    test = await openTestDatabase("sqlite");
    app = await buildTestApp(test.database, {}, { buildDir });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    await rm(buildDir, { recursive: true, force: true });
  });

  /** Posts the form as a browser without JavaScript does, follows the redirect, returns the page served. */
  async function postAndFollow(values: Record<string, string>): Promise<string> {
    const posted = await app.inject({
      method: "POST",
      url: contactFormPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(values).toString(),
      remoteAddress: freshAddress(),
    });
    expect(posted.statusCode).toBe(303);
    const location = String(posted.headers.location);
    expect(location).toMatch(/^\/contact\?form=/);
    const page = await app.inject({ url: location.replace(/#.*$/, "") });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    return page.body;
  }

  /** Each field's exact attributes: the prerendered ones, the value kept, aria-invalid on the named one. */
  function expectFieldsKept(html: string, invalidField: string | undefined): void {
    const served = byName(html);
    const original = byName(contactHtml);
    for (const field of fields) {
      const element = served.named.get(field);
      const before = original.named.get(field);
      if (!element || !before) throw new Error(`no ${field} field`);
      const expected = { ...attrsOf(before) };
      if (element.tagName === "input") expected.value = hostile;
      if (field === invalidField) expected["aria-invalid"] = "true";
      expect(attrsOf(element), field).toEqual(expected);
      if (element.tagName === "textarea") expect(textOf(element)).toBe(hostile);
    }
    expect(attrsOf(served.named.get("extra_comments") as Element)).toEqual(
      attrsOf(original.named.get("extra_comments") as Element),
    );
    // Nothing the visitor typed became an element or an attribute anywhere in the page.
    const tags = (elements: Element[]) => elements.map((element) => element.tagName).sort();
    expect(tags(served.all)).toEqual(tags([...original.all, { tagName: "p" } as Element]));
    for (const element of served.all) {
      expect(Object.keys(attrsOf(element))).not.toContain("onfocus");
      expect(Object.keys(attrsOf(element))).not.toContain("autofocus");
    }
    expect(textOf(served.all.find((element) => element.tagName === "title") as Element)).toBe(
      "Contact",
    );
  }

  function statusOf(html: string): { attrs: Record<string, string>; text: string } {
    const status = byName(html).all.find((element) => "data-form-status" in attrsOf(element));
    if (!status) throw new Error("no status area");
    return { attrs: attrsOf(status), text: textOf(status) };
  }

  it("puts back every value exactly, on the validation-error path", async () => {
    const values = Object.fromEntries(fields.map((field) => [field, hostile]));
    const html = await postAndFollow(values);
    expectFieldsKept(html, "email");
    const status = statusOf(html);
    expect(status.attrs).toEqual({
      "data-form-status": "error",
      role: "alert",
      class: "mx-auto mb-8 max-w-6xl px-4",
    });
    expect(status.text).toBe("email must be a valid email address");
  });

  it("shows an unknown key's name as text and keeps the values, on the unknown-key path", async () => {
    const values = Object.fromEntries(fields.map((field) => [field, hostile]));
    const html = await postAndFollow({ ...values, [hostile]: "x" });
    expectFieldsKept(html, undefined);
    const status = statusOf(html);
    expect(status.attrs["data-form-status"]).toBe("error");
    expect(status.text).toBe(`Unknown field: ${hostile}`);
  });

  it("never serves a dotfile or a file in a dot-folder", async () => {
    for (const url of ["/.env", "/.well-hidden/notes.txt"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain("dotfile-content");
    }
  });

  it("shows the confirmation in the status area after a sent message", async () => {
    const page = await app.inject({ url: "/contact?sent=1" });
    expect(statusOf(page.body)).toEqual({
      attrs: {
        "data-form-status": "success",
        role: "status",
        class: "mx-auto mb-8 max-w-6xl px-4",
      },
      text: "Message Sent Successfully! Thank you for contacting us! We'll get back to you within 24 hours",
    });
  });
});

describe("FormFlashStore", () => {
  it("gives a post back once, and not after it expires", () => {
    let now = 0;
    const store = new FormFlashStore({ ttlMs: 1000, now: () => now });
    const token = store.put({ values: { name: "A" }, error: "x" });
    expect(store.take(token)?.values.name).toBe("A");
    expect(store.take(token)).toBeUndefined();
    const late = store.put({ values: {}, error: "y" });
    now = 1001;
    expect(store.take(late)).toBeUndefined();
  });

  it("forgets the oldest posts beyond its capacity", () => {
    const store = new FormFlashStore({ maxEntries: 2 });
    const first = store.put({ values: {}, error: "1" });
    store.put({ values: {}, error: "2" });
    store.put({ values: {}, error: "3" });
    expect(store.take(first)).toBeUndefined();
  });
});
