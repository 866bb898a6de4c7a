// Route config generated from the one route table in config/paths.ts.
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { siteRoutes } from "./config/paths";

export default [
  ...siteRoutes.map((r) =>
    r.path === "/" ? index(r.file, { id: r.id }) : route(r.path.slice(1), r.file, { id: r.id }),
  ),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
