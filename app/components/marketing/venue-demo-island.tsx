// Browser only: hydrates the prerendered venue-map demo as its own React root when it scrolls into view.
import { hydrateRoot, type Root } from "react-dom/client";
import type { HeldValues } from "../../islands/registry";
import { compactDemoAttribute, VenueDemo } from "./venue-demo";

export function hydrateVenueDemo(container: Element, options: { held: HeldValues }): Root {
  return hydrateRoot(
    container,
    <VenueDemo
      compact={container.firstElementChild?.hasAttribute(compactDemoAttribute) ?? false}
      held={options.held}
    />,
  );
}
