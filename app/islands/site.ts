// The site script, the only JavaScript a marketing page loads up front (ADR 12): menus and FAQ states, the
// page's islands, the visit's attribution on links to the organizer app, and after load the once-per-session
// referrer call and the page's events.
import { contentChangedEvent } from "../content/content-changed";
import { handOffLinks } from "../lib/hand-off";
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

// Under `npm run dev` a saved content file shows at once; a build has no `import.meta.hot` and drops this.
import.meta.hot?.on(contentChangedEvent, () => location.reload());

enhanceDisclosures(document);
startIslands(document);
// A marker for tests and tools: the page's script has run.
document.documentElement.dataset.hydrated = "true";
// Only on a page the visitor sees: a prerendered page's session storage may not yet be the tab's, so its first touch
// and session id are read once it is shown. After load: tracking never delays the page nor counts a prerender.
whenActivated(() => {
  handOffLinks(document.links);
  afterLoad(() => {
    void trackReferrerOnce();
    trackEvents(document);
  });
});
