// Reading security headers as a browser does: a CSP is a set of directives, however its separators are spaced.
import { expect } from "vitest";

/** The directives of a Content-Security-Policy header, each with its sources. */
export function cspDirectives(header: unknown): Record<string, string[]> {
  expect(typeof header, "a Content-Security-Policy header").toBe("string");
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

/** The policy of every answer that is not a page: nothing may load, frame or post from it. */
export function expectStrictCsp(header: unknown): void {
  expect(cspDirectives(header)).toEqual({
    "default-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
  });
}
