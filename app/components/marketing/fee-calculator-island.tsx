// Browser only: hydrates the prerendered fee calculator as its own React root when it scrolls into view.
import { hydrateRoot, type Root } from "react-dom/client";
import { FeeCalculator } from "./fee-calculator";

export function hydrateFeeCalculator(container: Element): Root {
  return hydrateRoot(container, <FeeCalculator />);
}
