// The brand's name: written once here for the pages (app/config/site.ts) and the server's e-mails alike.

export const brandName = "BoothPilot";
