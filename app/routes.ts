// Route config generated from the one route table in config/paths.ts, plus the admin console (client-only, not
// prerendered: the server answers its paths with React Router's SPA fallback).
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { siteRoutes } from "./config/paths";

const editorRouted = (process.env.KEYSTATIC_MODE ?? "off") !== "off";

export default [
  // Marketing pages: prerendered in the site's frame, with no React Router runtime in the browser (ADR 12).
  layout("routes/site-layout.tsx", { id: "site" }, [
    ...siteRoutes.map((r) =>
      r.path === "/" ? index(r.file, { id: r.id }) : route(r.path.slice(1), r.file, { id: r.id }),
    ),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  // The content editor (docs/content.md): only in a dev server or build with KEYSTATIC_MODE set, never by default.
  ...(editorRouted
    ? [route("keystatic/*", "keystatic/keystatic-page.tsx", { id: "keystatic" })]
    : []),
  // Module names start with "admin": the budget test recognises the console's chunks by that prefix.
  // A one-time link's page: outside the console's frame, for someone without a session.
  route("admin/join", "admin/routes/admin-join.tsx", { id: "admin-join" }),
  route("admin", "admin/routes/admin-console.tsx", { id: "admin" }, [
    index("admin/routes/admin-inbox.tsx", { id: "admin-inbox" }),
    route("messages/:id", "admin/routes/admin-message.tsx", { id: "admin-message" }),
    route("analytics", "admin/routes/admin-analytics.tsx", { id: "admin-analytics" }),
    route("team", "admin/routes/admin-team.tsx", { id: "admin-team" }),
    route("account", "admin/routes/admin-account.tsx", { id: "admin-account" }),
  ]),
] satisfies RouteConfig;
