// React Router framework config: static prerender of every route in the route table, no runtime SSR.
import type { Config } from "@react-router/dev/config";
import { notFoundPrerenderPath, siteRoutes } from "./app/config/paths.ts";

export default {
  ssr: false,
  prerender: {
    paths: [...siteRoutes.map((r) => r.path), notFoundPrerenderPath],
    concurrency: 4,
  },
} satisfies Config;
