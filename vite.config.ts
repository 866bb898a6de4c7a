// Vite config: React Router framework plugin, Tailwind, and the validated build-time configuration.
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { parseBuildEnv } from "./app/config/build-env.ts";
import { contentPlugin } from "./app/content/vite-plugin.ts";
import { siteFontSource, siteFontSubset } from "./scripts/lib/site-font.ts";

const buildEnv = parseBuildEnv(process.env);
/** The stylesheet's font and its preload get the subset of the site's characters (ADR 45). */
const siteFont = await siteFontSubset();

/** React, React DOM and React Router (with its own dependencies): needed by every page. */
const sharedVendor =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const sharedApp = /[\\/]app[\\/](components|config|content|lib)[\\/]/;
/** Modules only one page uses (the contact form and its parts, the 404 copy): they stay with that page. */
const onePageOnly = /contact|toaster|modal-dialog|not-found/;
/** The admin console and its API contract: only /admin loads them (tests/e2e/budgets.spec.ts checks). */
const adminConsole = /[\\/]app[\\/]admin[\\/]|[\\/]contracts[\\/]admin-/;

/** `npm run dev` (scripts/dev.ts): the server beside Vite answers the functions, the console's and the editor's API. */
const devServer = process.env.DEV_SERVER_ORIGIN;

export default defineConfig({
  plugins: [tailwindcss(), contentPlugin(), reactRouter()],
  // The editor's page learns the repository of GitHub mode; nothing else of KEYSTATIC_* reaches a browser.
  envPrefix: ["VITE_", "KEYSTATIC_GITHUB_REPO"],
  server: {
    // Local mode writes files: the dev server listens on this machine only (docs/content.md).
    host: "127.0.0.1",
    proxy: devServer
      ? Object.fromEntries(
          ["/functions", "/admin/api", "/api/keystatic"].map((prefix) => [prefix, devServer]),
        )
      : undefined,
  },
  resolve: {
    // A pattern, not the string: a string alias would miss the preload's "?url" import.
    alias: [
      {
        find: new RegExp(`^${siteFontSource.replaceAll(/[./]/g, "\\$&")}(?=\\?|$)`),
        replacement: siteFont,
      },
    ],
  },
  define: {
    __BUILD_ENV__: JSON.stringify(buildEnv),
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // One shared chunk for React and React Router: it compresses better than several pieces
        // and stays cached across every page and deploy of our own code.
        // (React Router's default entry.client also lives in node_modules: it must stay the entry.)
        codeSplitting: {
          groups: [
            { name: "vendor", test: sharedVendor, priority: 3 },
            // The console in one chunk of its own, named so that any page loading it is caught.
            { name: "admin", test: adminConsole, priority: 1 },
            // Our shared modules (shell, primitives, config) in one chunk rather than a dozen tiny ones;
            // what only one page uses stays with it, off every other page. Taken before the console's group, so a
            // module both use (SPEC's timings) stays here and no page loads the console's chunk for it.
            {
              name: "app",
              test: (id) => sharedApp.test(id) && !onePageOnly.test(id),
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
