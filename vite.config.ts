// Vite config: React Router framework plugin, Tailwind, and the validated build-time configuration.
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { parseBuildEnv } from "./app/config/build-env.ts";

const buildEnv = parseBuildEnv(process.env);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __BUILD_ENV__: JSON.stringify(buildEnv) },
  build: { assetsInlineLimit: 0 },
});
