// React Router framework config: static prerender of every route in the route table, no runtime SSR.
import type { Config } from "@react-router/dev/config";
import { notFoundPrerenderPath, siteRoutes } from "./app/config/paths.ts";

// The page benchmark builds the same app as a client-rendered SPA (no prerender) into another folder.
const spaBuildDir = process.env.BENCH_SPA_BUILD_DIR;

export default spaBuildDir
  ? ({ ssr: false, buildDirectory: spaBuildDir } satisfies Config)
  : ({
      ssr: false,
      // One chunk per route: the split-off client loaders were a request and about 76 bytes each on every page.
      splitRouteModules: false,
      prerender: {
        paths: [...siteRoutes.map((r) => r.path), notFoundPrerenderPath],
        concurrency: 4,
      },
    } satisfies Config);
