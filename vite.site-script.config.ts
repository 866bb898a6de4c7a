// Vite config of the site script (app/islands/site.ts), the one module marketing pages load, and the islands it
// loads on demand. Built after `react-router build` into the same client folder; scripts/postbuild.ts points each
// page at it (ADR 12).
import { defineConfig } from "vite";
import { parseBuildEnv } from "./app/config/build-env.ts";
import { contentPlugin } from "./app/content/vite-plugin.ts";

/** Where the build lists the site script's files, in the client folder: scripts/postbuild.ts reads and removes it. */
export const siteScriptManifest = ".vite/site-script-manifest.json";
export const siteScriptEntry = "app/islands/site.ts";

export default defineConfig({
  // The route table names the guides: their content inlined as data, as in the site's own build.
  plugins: [contentPlugin({ pictures: false })],
  define: { __BUILD_ENV__: JSON.stringify(parseBuildEnv(process.env)) },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    manifest: siteScriptManifest,
    assetsInlineLimit: 0,
    // Module scripts need no polyfill in the browsers we serve; it would cost every page bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: siteScriptEntry,
      output: {
        entryFileNames: "assets/site-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
      },
    },
  },
});
