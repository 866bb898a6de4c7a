// Page head tags read back from prerendered HTML, so the browser bundle needs no head copy: at
// hydration from the document itself, after client-side navigation from the fetched page.
import type { MetaDescriptor } from "react-router";

/** Tags the root layout writes itself; everything else in <head> came from the page's meta. */
const layoutMetaNames = new Set(["viewport", "theme-color"]);

export function headFromDocument(doc: Document): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [];
  const selector =
    'title, meta[name], meta[property], link[rel="canonical"], script[type="application/ld+json"]';
  for (const element of doc.head.querySelectorAll(selector)) {
    const name = element.getAttribute("name");
    const property = element.getAttribute("property");
    const content = element.getAttribute("content") ?? "";
    switch (element.tagName) {
      case "TITLE":
        tags.push({ title: element.textContent ?? "" });
        break;
      case "META":
        if (name && !layoutMetaNames.has(name)) tags.push({ name, content });
        else if (property) tags.push({ property, content });
        break;
      case "LINK":
        tags.push({ tagName: "link", rel: "canonical", href: element.getAttribute("href") ?? "" });
        break;
      case "SCRIPT":
        tags.push({ "script:ld+json": JSON.parse(element.textContent ?? "null") });
        break;
    }
  }
  return tags;
}

/** The browser-side `meta` of prerendered pages: the fetched page's head, else the current document's. */
export function prerenderedHead({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
  const head = (loaderData as { head?: MetaDescriptor[] } | null | undefined)?.head;
  return head ?? headFromDocument(document);
}
