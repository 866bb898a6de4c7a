// Vite config of the page benchmark's SPA build (see react-router.config.ts beside it): production's plugins and
// build-time configuration, none of its bundle tuning.
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { parseBuildEnv } from "../../app/config/build-env.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __BUILD_ENV__: JSON.stringify(parseBuildEnv(process.env)) },
});
