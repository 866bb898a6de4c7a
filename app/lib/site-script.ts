// What every marketing page's <head> carries besides CSS: the site script and the speculation rules (ADR 12).

/**
 * The site script as Vite's dev server serves it; `npm run build` bundles it (vite.site-script.config.ts) and
 * points each page at the bundled file (scripts/postbuild.ts).
 */
export const siteScriptSrc = "/app/islands/site.ts";

/** Paths never prerendered: the console (private, client-rendered) and the server functions (POST targets). */
export const notPrerendered = ["/admin", "/admin/*", "/functions/*"] as const;

/**
 * Speculation Rules: a same-origin page link is prerendered when the visitor hovers or touches it, so the
 * next full page load is instant without a client router.
 */
export const speculationRules = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          ...notPrerendered.map((path) => ({ not: { href_matches: path } })),
        ],
      },
      eagerness: "moderate",
    },
  ],
} as const;

export const speculationRulesJson = JSON.stringify(speculationRules);

/**
 * Runs in <head>, before the page is first shown: Chromium skips some cross-document view transitions (a form
 * post's redirect back to the page) and rejects the transition's promises, which nothing else waits on; they
 * are marked handled so a skipped transition is not a page error. Hashed for the CSP like every inline script.
 */
export const quietSkippedTransitions =
  'addEventListener("pagereveal",function(e){var t=e.viewTransition;if(t){var n=function(){};t.ready.catch(n);t.finished.catch(n);t.updateCallbackDone.catch(n)}})';
