// The attributes that connect prerendered markup to the site script; shared by the components that render them
// and the script that reads them (no React here: the site script must not pull it in).

/** The header's menus: <details> the site script closes by Escape and by an outside click. */
export const disclosureAttribute = "data-disclosure";

/**
 * A link's goal where the page names it (a guide's sign-up button): the site script counts its click as this event
 * rather than the one its address implies (app/lib/site-events.ts).
 */
export const goalAttribute = "data-goal";

/** An island's root element: its value names the island's module (app/islands/registry.ts). */
export const islandAttribute = "data-island";

/** When an island hydrates: on the visitor's first focus or submit inside it, or when it scrolls into view. */
export const islandWhenAttribute = "data-hydrate";
export type IslandWhen = "interaction" | "visible";
