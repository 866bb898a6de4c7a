// Deterministic performance budgets, checked against the build output by tests/e2e/budgets.spec.ts.

export const budgets = {
  /**
   * JavaScript a marketing page loads by itself, brotli-compressed: the site script only (ADR 12). Lighthouse's
   * transfer adds the response headers; the goal there is 15 KB.
   */
  jsBrotliPerPage: 15_000,
  /** JavaScript once the visitor has used the page's islands (the contact form: React included), ADR 9. */
  jsAfterInteractionBrotliPerPage: 90_000,
  /** The site's stylesheet, brotli-compressed. */
  cssBrotliPerPage: 12_000,
  /**
   * A page's HTML document, brotli-compressed. With its response headers (about 1 KB) it fits the first round trip
   * of a new connection (10 segments of 1,460 B, as TCP starts and Lighthouse simulates it): a larger one costs a
   * round trip before the page can paint (docs/performance.md, Pages).
   */
  htmlBrotliPerPage: 13_500,
  /**
   * Everything a page loads by itself, as served (brotli where it helps): HTML, CSS, JavaScript at load, the
   * preloaded font (ADR 20) and images.
   */
  totalPerPage: 120_000,
} as const;
