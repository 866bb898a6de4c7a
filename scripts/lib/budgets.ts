// Deterministic performance budgets, checked against the build output by tests/e2e/budgets.spec.ts.

export const budgets = {
  /**
   * JavaScript a marketing page loads, brotli-compressed (issue 7 goal: at most 100 KB), the same for
   * every page: the contact form's code loads when the visitor first uses it (ADR 9).
   */
  jsBrotliPerPage: 100_000,
  /** The site's stylesheet, brotli-compressed. */
  cssBrotliPerPage: 12_000,
  /** A page's HTML document, brotli-compressed. */
  htmlBrotliPerPage: 20_000,
} as const;
