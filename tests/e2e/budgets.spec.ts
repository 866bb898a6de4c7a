// Budgets read from the build output: bytes per page, nothing render-blocking, images sized.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { adminOnlyFiles, filesLoadedBy } from "../../scripts/lib/admin-isolation.ts";
import { budgets } from "../../scripts/lib/budgets.ts";
import { pageWeight } from "../../scripts/lib/page-weight.ts";
import type { SiteManifest } from "../../server/site/manifest.ts";
import { expect, test } from "./fixtures.ts";

const buildDir = join(import.meta.dirname, "..", "..", "build");
const clientDir = join(buildDir, "client");
const manifest = JSON.parse(
  readFileSync(join(buildDir, "site-manifest.json"), "utf8"),
) as SiteManifest;
const pages = [...manifest.pages, manifest.notFound];
const consoleFiles = adminOnlyFiles(clientDir);
/** A string only the console's code holds (its API paths): found in a file, that file is console code. */
const consoleMarker = "/admin/api/";

test.describe("budgets", () => {
  for (const page of pages) {
    test(`${page.path} stays within its byte budgets`, () => {
      const weight = pageWeight(buildDir, page.file);
      expect(weight.jsBrotli, `JS files: ${weight.jsFiles.join(", ")}`).toBeLessThanOrEqual(
        budgets.jsBrotliPerPage,
      );
      expect(weight.jsAfterInteractionBrotli).toBeLessThanOrEqual(
        budgets.jsAfterInteractionBrotliPerPage,
      );
      expect(weight.cssBrotli).toBeLessThanOrEqual(budgets.cssBrotliPerPage);
      expect(weight.htmlBrotli).toBeLessThanOrEqual(budgets.htmlBrotliPerPage);
      // The font counts: without it the total would be a fraction of what a first visit downloads.
      expect(weight.mediaBytes, "the preloaded font").toBeGreaterThan(20_000);
      expect(weight.totalBytes).toBeLessThanOrEqual(budgets.totalPerPage);
    });

    test(`${page.path} has no render-blocking script and every image sized`, () => {
      const html = readFileSync(join(clientDir, page.file), "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      // A script fetched in <head> must not hold up rendering; an inline one fetches nothing, so it may run
      // there if it is tiny (the view-transition guard that must run before the page is first shown).
      for (const [tag, body] of head.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
        if (/\ssrc=/.test(tag ?? "")) {
          expect(tag, "a script in <head> must not block rendering").toMatch(
            /type="module"|\sasync|\sdefer/,
          );
        } else if (!/type="application\/ld\+json"/.test(tag ?? "")) {
          expect(body?.length ?? 0, "an inline script in <head> stays tiny").toBeLessThanOrEqual(
            300,
          );
        }
      }
      expect(head).not.toMatch(/rel="modulepreload"/);
      for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
        expect(img).toMatch(/\swidth="\d+"/);
        expect(img).toMatch(/\sheight="\d+"/);
      }
      expect(html, "admin console code must not reach marketing pages").not.toMatch(
        /\/assets\/admin[-.]/,
      );
    });

    test(`${page.path} never loads or preloads admin console code`, () => {
      const html = readFileSync(join(clientDir, page.file), "utf8");
      for (const file of filesLoadedBy(clientDir, html)) {
        expect(consoleFiles.has(file), `${file} belongs to the admin console`).toBe(false);
        expect(file).not.toMatch(/^\/assets\/admin[-.]/);
        expect(readFileSync(join(clientDir, file), "utf8"), file).not.toContain(consoleMarker);
      }
    });
  }

  test("the check above knows the console's files: they exist, are named admin-…, and hold its code", () => {
    expect(manifest.adminConsole, "the build has an admin console page").toBeDefined();
    const scripts = [...consoleFiles].filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of consoleFiles) expect(file).toMatch(/^\/assets\/admin[-.]/);
    expect(
      scripts.some((file) => readFileSync(join(clientDir, file), "utf8").includes(consoleMarker)),
      "some console chunk holds the admin API's paths",
    ).toBe(true);
    expect([...consoleFiles].some((file) => file.endsWith(".css"))).toBe(true);
  });
});
