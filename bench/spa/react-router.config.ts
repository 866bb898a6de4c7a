// The page benchmark's "old way": the same app as a client-rendered SPA (no prerender), built by
// bench/page-variants.ts into the folder it names. Production's config is react-router.config.ts.
import { join } from "node:path";
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: join(import.meta.dirname, "..", "..", "app"),
  ssr: false,
  buildDirectory: process.env.SPA_BUILD_DIR ?? join(import.meta.dirname, "build"),
} satisfies Config;
