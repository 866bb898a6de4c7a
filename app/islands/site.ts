// The site script, the only JavaScript a marketing page loads up front (ADR 12): menus and FAQ states, the
// page's islands, and after load the once-per-session referrer call and the page's events.
import { trackReferrerOnce } from "../lib/referrer-tracking";
import { trackEvents } from "../lib/site-events";
import { enhanceDisclosures } from "./disclosures";
import { startIslands } from "./islands";

/** Runs once the page is the visitor's: at once, or when a page prerendered by Speculation Rules is shown. */
function whenActivated(run: () => void): void {
  // Not yet in TypeScript's DOM types.
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", run, { once: true });
  else run();
}

function afterLoad(run: () => void): void {
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}

enhanceDisclosures(document);
startIslands(document);
// A marker for tests and tools: the page's script has run.
document.documentElement.dataset.hydrated = "true";
// After load and only on a page the visitor sees: tracking never delays the page nor counts a prerender.
whenActivated(() =>
  afterLoad(() => {
    void trackReferrerOnce();
    trackEvents(document);
  }),
);
