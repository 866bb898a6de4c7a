// The islands a page can hold, by name: each loads its code (React included) only when it hydrates.

/**
 * What the visitor typed or chose in the island's served controls before it hydrated, by the control's name:
 * only the controls they changed.
 */
export type HeldValues = Readonly<Record<string, string>>;

/**
 * Hydrates the island's prerendered markup; `submit`: the visitor submitted a form before it was hydrated;
 * `held`: what they had typed or chosen by then, which the island takes over once hydrated (useHeldValues).
 */
export type HydrateIsland = (
  element: HTMLElement,
  trigger: { submit: boolean; held: HeldValues },
) => void;

export const islands = {
  "contact-form": () =>
    import("../components/marketing/contact-form-island").then((m) => m.hydrateContactForm),
  "fee-calculator": () =>
    import("../components/marketing/fee-calculator-island").then((m) => m.hydrateFeeCalculator),
  "venue-demo": () =>
    import("../components/marketing/venue-demo-island").then((m) => m.hydrateVenueDemo),
} satisfies Record<string, () => Promise<HydrateIsland>>;

export type IslandName = keyof typeof islands;
