// The mark drawn inline in the header and footer, the favicon and the logo file (the share cards' and touch icons'
// source) are one drawing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { attribute, elements, parseHtml } from "../../../scripts/lib/html.ts";
import { LogoMark } from "./logo-mark";

/** The shapes of an SVG as "tag attr=value ..." lines, attributes sorted, presentation names as SVG files write them. */
function shapes(svg: string): string[] {
  const doc = parseHtml(`<!doctype html><body>${svg}`);
  return [...elements(doc)]
    .filter((element) => element.tagName === "rect" || element.tagName === "path")
    .map((element) =>
      [
        element.tagName,
        ...element.attrs.map((attr) => `${attr.name}=${attribute(element, attr.name)}`).sort(),
      ].join(" "),
    );
}

describe("the logo mark", () => {
  const publicDir = join(import.meta.dirname, "..", "..", "..", "public");
  const inline = shapes(renderToStaticMarkup(<LogoMark />));

  it("draws a rounded square and one stroke", () => {
    expect(inline).toHaveLength(2);
    expect(inline[0]).toMatch(/^rect .*rx=7/);
    expect(inline[1]).toMatch(/^path d=M9 23V9h8a4 4 0 0 1 0 8h-8 /);
  });

  for (const file of ["logo.svg", "favicon.svg"]) {
    it(`is the same drawing as public/${file}`, () => {
      expect(shapes(readFileSync(join(publicDir, file), "utf8"))).toEqual(inline);
    });
  }
});
