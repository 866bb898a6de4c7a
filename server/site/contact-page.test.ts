import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { type DefaultTreeAdapterTypes, defaultTreeAdapter, parse } from "parse5";
import { afterAll, describe, expect } from "vitest";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { formFlashesRepository } from "../db/repositories/form-flashes.ts";
import { freshAddress } from "../test/app.ts";
import { dialects, storageTest as it } from "../test/storage.ts";
import type { SiteManifest } from "./manifest.ts";

type Element = DefaultTreeAdapterTypes.Element;

/** The prerendered contact page's shape: head, the empty status area, the form's fields and its honeypot. */
const contactHtml = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Contact</title></head><body><main><div id="contact-form-status" data-form-status="" role="status"></div><form id="contact-form" method="post" action="/functions/v1/submit-contact-form"><h2>Send us a message</h2><p id="contact-form-note">Fields marked required must be filled in.</p><input id="f-name" name="name" required="" autocomplete="name"><input id="f-email" type="email" name="email" required=""><input id="f-phone" type="tel" name="phone"><input id="f-business" name="business_name"><input id="f-website" type="url" name="website"><textarea id="f-message" name="message" rows="5" required=""></textarea><input type="hidden" name="form_token" value=""><input type="text" name="extra_comments" tabindex="-1" value=""><button type="submit">Send</button></form></main></body></html>`;

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

/** A build directory holding the contact page above and a 404 page, as `npm run build` lays them out. */
async function writeSiteBuild(): Promise<string> {
  const buildDir = await mkdtemp(join(tmpdir(), "boothpilot-site-"));
  await mkdir(join(buildDir, "client"));
  await writeFile(join(buildDir, "client", "contact.html"), contactHtml);
  await writeFile(join(buildDir, "client", "404.html"), "<!DOCTYPE html><title>Not found</title>");
  await writeFile(join(buildDir, "client", ".env"), "SECRET=dotfile-content");
  await mkdir(join(buildDir, "client", ".well-hidden"));
  await writeFile(join(buildDir, "client", ".well-hidden", "notes.txt"), "dotfile-content");
  const manifest: SiteManifest = {
    builtAt: new Date(0).toISOString(),
    pages: [{ path: "/contact", file: "contact.html", scriptHashes: [] }],
    notFound: { path: "/404", file: "404.html", scriptHashes: [] },
  };
  await writeFile(join(buildDir, "site-manifest.json"), JSON.stringify(manifest));
  return buildDir;
}

describe("the contact page after a no-JavaScript post", () => {
  let app: FastifyInstance;
  let buildDir: string;

  it.beforeAll(async ({ storage }) => {
    buildDir = await writeSiteBuild();
    app = await storage.apps("sqlite").start({}, { buildDir });
  });
  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true });
  });

  it("compresses the page it renders for a browser that accepts brotli or gzip", async () => {
    for (const [accepted, decode] of [
      ["gzip, deflate, br, zstd", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const page = await app.inject({ url: "/contact", headers: { "accept-encoding": accepted } });
      expect(page.headers["content-encoding"]).toBe(accepted === "gzip" ? "gzip" : "br");
      expect(page.headers.vary).toContain("accept-encoding");
      const html = decode(page.rawPayload).toString("utf8");
      expect(html).toContain("<h2>Send us a message</h2>");
      expect(attrsOf(byName(html).named.get("form_token") as Element).value).toMatch(/^v1\./);
    }
  });

  it("renders the page with a fresh signed token in the form, never cached", async () => {
    const tokens = [];
    for (let render = 0; render < 2; render++) {
      const page = await app.inject({ url: "/contact" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      const field = byName(page.body).named.get("form_token");
      tokens.push(attrsOf(field as Element).value);
    }
    expect(tokens[0]).toMatch(/^v1\.[0-9a-z]+\.[\w-]{43}$/);
    expect(tokens[1]).toMatch(/^v1\.[0-9a-z]+\.[\w-]{43}$/);
  });

  /** Posts the form as a browser without JavaScript does, follows the redirect, returns the page served. */
  async function postAndFollow(values: Record<string, string>, on = app): Promise<string> {
    const posted = await app.inject({
      method: "POST",
      url: contactFormPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(values).toString(),
      remoteAddress: freshAddress(),
    });
    expect(posted.statusCode).toBe(303);
    const location = String(posted.headers.location);
    expect(location).toMatch(/^\/contact\?form=[\w-]+#contact-form-status$/);
    const page = await on.inject({ url: location.replace(/#.*$/, "") });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    return page.body;
  }

  /**
   * Each field's exact attributes: the prerendered ones, the value kept, and on each refused field aria-invalid and
   * aria-describedby naming the sentence under it.
   */
  function expectFieldsKept(html: string, errors: Record<string, string>): void {
    const served = byName(html);
    const original = byName(contactHtml);
    for (const field of fields) {
      const element = served.named.get(field);
      const before = original.named.get(field);
      if (!element || !before) throw new Error(`no ${field} field`);
      const expected = { ...attrsOf(before) };
      if (element.tagName === "input") expected.value = hostile;
      if (errors[field]) {
        expected["aria-invalid"] = "true";
        expected["aria-describedby"] = `contact-form-${field}-error`;
        const message = served.all.find(
          (found) => attrsOf(found).id === `contact-form-${field}-error`,
        );
        expect(message && textOf(message), field).toBe(errors[field]);
      }
      expect(attrsOf(element), field).toEqual(expected);
      if (element.tagName === "textarea") expect(textOf(element)).toBe(hostile);
    }
    expect(attrsOf(served.named.get("extra_comments") as Element)).toEqual(
      attrsOf(original.named.get("extra_comments") as Element),
    );
    // Nothing the visitor typed became an element or an attribute anywhere in the page.
    // Added: the summary (div, title, list, an item and a link per refused field) and a sentence under each field.
    const refused = Object.keys(errors).length;
    const each = (tag: string) => Array<string>(refused).fill(tag);
    const added =
      refused === 0 ? [] : ["div", "h3", "ul", ...each("li"), ...each("a"), ...each("p")];
    const tags = (elements: { tagName: string }[]) => elements.map((element) => element.tagName);
    expect(tags(served.all).sort()).toEqual([...tags(original.all), ...added].sort());
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

  /** The error summary: its title and each link's target and text, in the order of the fields. */
  function summaryOf(html: string) {
    const all = byName(html).all;
    const summary = all.find((element) => attrsOf(element).id === "contact-form-errors");
    if (!summary) return undefined;
    const within = elementsOf(summary);
    return {
      attrs: attrsOf(summary),
      title: textOf(within.find((element) => element.tagName === "h3") as Element),
      links: within
        .filter((element) => element.tagName === "a")
        .map((link) => [attrsOf(link).href, textOf(link)]),
      // Right after the form's note, at the top of the form.
      after: attrsOf(
        summary.parentNode?.childNodes[
          summary.parentNode.childNodes.indexOf(summary) - 1
        ] as Element,
      ).id,
    };
  }

  it("puts back every value exactly, with every refused field in people's words", async () => {
    const values = Object.fromEntries(fields.map((field) => [field, hostile]));
    const html = await postAndFollow(values);
    expect(hostile.length).toBeGreaterThan(50);
    const errors = {
      email: "Enter an e-mail address like name@example.com",
      phone: "Keep the phone number under 50 characters",
      website: "Enter a website address like www.example.com",
    };
    expectFieldsKept(html, errors);
    expect(summaryOf(html)).toEqual({
      attrs: {
        id: "contact-form-errors",
        role: "alert",
        tabindex: "-1",
        class: expect.stringContaining("border-red-700"),
      },
      title: "There is a problem",
      links: [
        ["#contact-form-email", errors.email],
        ["#contact-form-phone", errors.phone],
        ["#contact-form-website", errors.website],
      ],
      after: "contact-form-note",
    });
    // Field errors are in the form; the status area above it stays empty.
    expect(statusOf(html).text).toBe("");
  });

  it("says what is missing in people's words", async () => {
    const html = await postAndFollow({ name: "", email: "", message: " " });
    expect(summaryOf(html)?.links).toEqual([
      ["#contact-form-name", "Enter your name"],
      ["#contact-form-email", "Enter your e-mail address"],
      ["#contact-form-message", "Enter your message"],
    ]);
  });

  it("shows an unknown key's name as text and keeps the values, on the unknown-key path", async () => {
    const values = Object.fromEntries(fields.map((field) => [field, hostile]));
    const html = await postAndFollow({
      ...values,
      email: "ada@example.com",
      phone: "+1 555 0100",
      website: "www.example.com",
      [hostile]: "x",
    });
    const status = statusOf(html);
    expect(status.attrs["data-form-status"]).toBe("error");
    expect(status.text).toBe(`Unknown field: ${hostile}`);
    expect(summaryOf(html)).toBeUndefined();
    expect(attrsOf(byName(html).named.get("name") as Element).value).toBe(hostile);
  });

  it("shows a post refused on one instance after the redirect lands on another", async ({
    storage,
    apps,
  }) => {
    // Two instances, each with its own connections, on one PostgreSQL database.
    const config = await storage.newConfig("postgres");
    const [posting, following] = await Promise.all(
      [await apps.open(config), await apps.open(config)].map((database) =>
        apps.on(database).start({}, { buildDir }),
      ),
    );
    const posted = await posting!.inject({
      method: "POST",
      url: contactFormPath,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ name: "Ada", email: "ada@", message: "Hi" }).toString(),
      remoteAddress: freshAddress(),
    });
    const location = String(posted.headers.location).replace(/#.*$/, "");
    const page = await following!.inject({ url: location });
    expect(summaryOf(page.body)?.links).toEqual([
      ["#contact-form-email", "Enter an e-mail address like name@example.com"],
    ]);
    expect(attrsOf(byName(page.body).named.get("name") as Element).value).toBe("Ada");
    // Given back once: a reload on either instance shows the empty form.
    for (const instance of [following!, posting!]) {
      const again = await instance.inject({ url: location });
      expect(summaryOf(again.body)).toBeUndefined();
      expect(attrsOf(byName(again.body).named.get("name") as Element).value).toBeUndefined();
    }
  });

  it("answers the sixth form post in a minute with the page, the values kept and when to try again", async () => {
    const address = freshAddress();
    const entered = { name: "Ada", email: "ada@example.com", message: hostile, website: "" };
    const post = () =>
      app.inject({
        method: "POST",
        url: contactFormPath,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(entered).toString(),
        remoteAddress: address,
      });
    for (let sent = 0; sent < 5; sent++) expect((await post()).statusCode).toBe(303);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(limited.headers["cache-control"]).toBe("no-store");
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(statusOf(limited.body)).toEqual({
      attrs: {
        id: "contact-form-status",
        "data-form-status": "error",
        role: "alert",
        class: "mx-auto mb-8 max-w-6xl px-4",
      },
      text: `You have sent several messages in a short time. Your message is not sent yet: try again in ${retryAfter} seconds.`,
    });
    const { named } = byName(limited.body);
    expect(attrsOf(named.get("name") as Element).value).toBe("Ada");
    expect(textOf(named.get("message") as Element)).toBe(hostile);
  });

  it("keeps the 429 JSON answer for JSON clients", async () => {
    const address = freshAddress();
    const post = () =>
      app.inject({
        method: "POST",
        url: contactFormPath,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "Hi" }),
        remoteAddress: address,
      });
    for (let sent = 0; sent < 5; sent++) expect((await post()).statusCode).toBe(200);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: "Too many requests: please try again later",
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
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
        id: "contact-form-status",
        "data-form-status": "success",
        role: "status",
        class: "mx-auto mb-8 max-w-6xl px-4",
      },
      text: "Message Sent Successfully! Thank you for contacting us! We'll get back to you within 24 hours",
    });
  });
});

describe.each(dialects)("kept form posts on %s", (dialect) => {
  it.override("dialect", dialect);
  it("are given back once, and not after they expire", async ({ freshDb }) => {
    let now = 0;
    const flashes = formFlashesRepository(freshDb, { ttlMs: 1000, now: () => now });
    const token = await flashes.put({ values: { name: "A" }, errors: { name: "x" } });
    expect(await flashes.take(token)).toEqual({ values: { name: "A" }, errors: { name: "x" } });
    expect(await flashes.take(token)).toBeUndefined();
    const late = await flashes.put({ values: {}, errors: {} });
    now = 1000;
    expect(await flashes.take(late)).toBeUndefined();
    // Nothing expired stays behind, and the token itself is never stored.
    const rows = await freshDb.db.selectFrom("form_flashes").selectAll().execute();
    expect(rows).toEqual([]);
    const kept = await flashes.put({ values: {}, errors: {} });
    const stored = await freshDb.db.selectFrom("form_flashes").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(kept);
  });
});
