// The e2e server's admin account: playwright.config.ts starts the server with it, the admin spec signs in with it.
export const e2eAdmin = {
  email: "admin@boothpilot.example",
  password: "e2e admin passphrase, not a real one",
} as const;
