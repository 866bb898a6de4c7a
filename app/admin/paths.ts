// The admin console's pages (the contact e-mail links to `message(id)` under SITE_URL).

export const adminPaths = {
  inbox: "/admin",
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  analytics: "/admin/analytics",
  team: "/admin/team",
  account: "/admin/account",
} as const;
