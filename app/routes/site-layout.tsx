// The frame of every marketing page: header, main landmark, footer, the speculation rules and the site script's loader.
// Rendered at build time only: the browser gets HTML and CSS, and the site script (ADR 12).
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { preload } from "react-dom";
import { Outlet } from "react-router";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import {
  siteScriptAttribute,
  siteScriptLoader,
  siteScriptSrc,
  speculationRulesJson,
} from "../lib/site-script";

export default function SiteLayout() {
  // The font every page's text is set in, fetched beside the stylesheet rather than after it (ADR 20). React
  // writes the hint into <head>; the stylesheet's @font-face names the same hashed file.
  preload(interLatin, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      {/* Prerenders a same-origin page when its link is hovered or touched (hashed for the CSP at build). */}
      <script
        type="speculationrules"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant JSON.
        dangerouslySetInnerHTML={{ __html: speculationRulesJson }}
      />
      {/* Loads the site script after the page's load event; the build points it at the bundled file. */}
      <script
        {...{ [siteScriptAttribute]: siteScriptSrc }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, hashed for the CSP.
        dangerouslySetInnerHTML={{ __html: siteScriptLoader }}
      />
    </>
  );
}
