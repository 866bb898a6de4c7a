// Native <details> made to report their state (aria-expanded), and the header's menus (details[data-disclosure])
// closed by Escape, by a click outside, when the keyboard moves focus out of them, and when the page comes back from the back/forward cache.
import { disclosureAttribute } from "./markup";

const menus = `details[${disclosureAttribute}]`;

function summaryOf(details: HTMLDetailsElement): HTMLElement | null {
  return details.querySelector(":scope > summary");
}

function sync(details: HTMLDetailsElement): void {
  summaryOf(details)?.setAttribute("aria-expanded", String(details.open));
}

export function enhanceDisclosures(doc: Document): void {
  for (const details of doc.querySelectorAll("details")) {
    sync(details);
    const panel = details.matches(menus) ? details.querySelector(":scope > summary + [id]") : null;
    if (panel) summaryOf(details)?.setAttribute("aria-controls", panel.id);
  }
  const openMenus = () => doc.querySelectorAll<HTMLDetailsElement>(`${menus}[open]`);
  // "toggle" does not bubble: caught on its way down.
  doc.addEventListener(
    "toggle",
    (event) => {
      if (event.target instanceof HTMLDetailsElement) sync(event.target);
    },
    true,
  );
  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const details of openMenus()) {
      details.open = false;
      summaryOf(details)?.focus();
    }
  });
  doc.addEventListener("pointerdown", (event) => {
    for (const details of openMenus()) {
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
  });
  // Tabbing past a menu's last link closes it, so it never covers the page the keyboard has moved on to. Focus
  // that goes nowhere (a click on the panel's padding) leaves it open.
  doc.addEventListener("focusout", (event) => {
    const details = event.target instanceof Element ? event.target.closest(menus) : null;
    const next = event.relatedTarget;
    if (details instanceof HTMLDetailsElement && next instanceof Node && !details.contains(next))
      details.open = false;
  });
  // A page restored from the back/forward cache shows the menu that was open when the visitor left.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const details of openMenus()) details.open = false;
  });
}
