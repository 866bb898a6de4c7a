// Hydrates the islands of a prerendered page ([data-island]) when they are needed: on the visitor's first focus
// or submit inside one (its submit held and sent by the hydrated form), or when one scrolls into view.
import { islandAttribute, islandWhenAttribute } from "./markup";
import { type HeldValues, type HydrateIsland, type IslandName, islands } from "./registry";

function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(islands, name);
}

/**
 * What the visitor has changed in the island's served controls: a late script must not put back the values the
 * page was served with. Read just before hydrating, so it holds every keystroke up to then.
 */
export function heldValues(element: Element): HeldValues {
  const held: Record<string, string> = {};
  for (const control of element.querySelectorAll("input[name], textarea[name], select[name]")) {
    if (control instanceof HTMLSelectElement) {
      const chosen = control.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) held[control.name] = control.value;
    } else if (
      control instanceof HTMLInputElement &&
      (control.type === "checkbox" || control.type === "radio")
    ) {
      if (control.checked !== control.defaultChecked && control.checked)
        held[control.name] = control.value;
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.type !== "hidden" && control.value !== control.defaultValue)
        held[control.name] = control.value;
    }
  }
  return held;
}

/** Hydrates on the first focus or submit inside the element, as ADR 9 decided for the contact form. */
function onFirstInteraction(element: HTMLElement, load: () => Promise<HydrateIsland>): void {
  let state: "static" | "loading" | "hydrated" | "failed" = "static";
  let submitHeld = false;
  const start = () => {
    if (state !== "static") return;
    state = "loading";
    load().then(
      (hydrate) => {
        hydrate(element, { submit: submitHeld, held: heldValues(element) });
        state = "hydrated";
      },
      () => {
        // Offline or a new deploy: the form stays plain HTML and the browser posts it itself.
        state = "failed";
        if (submitHeld) element.querySelector("form")?.submit();
      },
    );
  };
  element.addEventListener("focusin", start);
  // The site script runs after load: a visitor may already be in the form.
  if (element.contains(document.activeElement)) start();
  element.addEventListener(
    "submit",
    (event) => {
      if (state === "hydrated" || state === "failed") return;
      // Held back, then sent by the hydrated island (it validates first).
      event.preventDefault();
      submitHeld = true;
      start();
    },
    true,
  );
}

function whenVisible(element: HTMLElement, load: () => Promise<HydrateIsland>): void {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    void load().then((hydrate) => hydrate(element, { submit: false, held: heldValues(element) }));
  });
  observer.observe(element);
}

export function startIslands(doc: Document): void {
  for (const element of doc.querySelectorAll<HTMLElement>(`[${islandAttribute}]`)) {
    const name = element.getAttribute(islandAttribute) ?? "";
    if (!isIslandName(name)) throw new Error(`unknown island "${name}"`);
    const load = islands[name];
    if (element.getAttribute(islandWhenAttribute) === "visible") whenVisible(element, load);
    else onFirstInteraction(element, load);
  }
}
