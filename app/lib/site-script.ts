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
