// The admin console's pages (the contact e-mail links to `message(id)` under SITE_URL).

export const adminPaths = {
  inbox: "/admin",
  message: (id: string) => `/admin/messages/${encodeURIComponent(id)}`,
  analytics: "/admin/analytics",
} as const;
