// Browser only: hydrates the prerendered fee calculator as its own React root when it scrolls into view.
import { hydrateRoot, type Root } from "react-dom/client";
import type { HeldValues } from "../../islands/registry";
import { FeeCalculator } from "./fee-calculator";

export function hydrateFeeCalculator(container: Element, options: { held: HeldValues }): Root {
  return hydrateRoot(container, <FeeCalculator held={options.held} />);
}
