// The scripts every marketing page carries besides CSS: the site script's loader, the speculation rules and the
// view-transition guard (ADR 12).

/**
 * The site script as Vite's dev server serves it; `npm run build` bundles it (vite.site-script.config.ts) and
 * points each page at the bundled file (scripts/postbuild.ts).
 */
export const siteScriptSrc = "/app/islands/site.ts";

/** The loader's attribute naming the site script's URL: the build points it at the bundled file. */
export const siteScriptAttribute = "data-site-script";

/**
 * Loads the site script once the page has loaded and shown its first content (the browser's
 * first-contentful-paint entry): nothing it does is needed for that paint (menus and FAQ work as native
 * <details>, the form posts without it), while a script the browser finds in the HTML is fetched beside the
 * stylesheet, ahead of the paint. A browser without paint timing loads it at `load`. Inline, so hashed for the
 * CSP; it reads the URL from its own attribute, so its hash stays the same from build to build.
 */
export const siteScriptLoader = [
  `var c=document.currentScript;addEventListener("load",function(){`,
  `function go(){var s=document.createElement("script");s.type="module";s.src=c.getAttribute("${siteScriptAttribute}");document.head.appendChild(s)}`,
  `if((PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0)return go();`,
  `new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})`,
  `.observe({type:"paint",buffered:true})})`,
].join("");

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
