// Route config generated from the one route table in config/paths.ts, plus the admin console (client-only, not
// prerendered: the server answers its paths with React Router's SPA fallback).
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { siteRoutes } from "./config/paths";

export default [
  ...siteRoutes.map((r) =>
    r.path === "/" ? index(r.file, { id: r.id }) : route(r.path.slice(1), r.file, { id: r.id }),
  ),
  // Module names start with "admin": the budget test recognises the console's chunks by that prefix.
  route("admin", "admin/routes/admin-console.tsx", { id: "admin" }, [
    index("admin/routes/admin-inbox.tsx", { id: "admin-inbox" }),
    route("messages/:id", "admin/routes/admin-message.tsx", { id: "admin-message" }),
    route("analytics", "admin/routes/admin-analytics.tsx", { id: "admin-analytics" }),
  ]),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
