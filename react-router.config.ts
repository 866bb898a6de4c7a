// React Router framework config: static prerender of every route in the route table, no runtime SSR. Marketing
// pages leave React Router's scripts out (app/root.tsx, ADR 12); the admin console is the SPA fallback.
import type { Config } from "@react-router/dev/config";
import { notFoundPrerenderPath, siteRoutes } from "./app/config/paths.ts";

export default {
  ssr: false,
  // One chunk per route: the split-off client loaders were a request and about 76 bytes each on the console.
  splitRouteModules: false,
  prerender: {
    paths: [...siteRoutes.map((r) => r.path), notFoundPrerenderPath],
    concurrency: 4,
  },
} satisfies Config;
