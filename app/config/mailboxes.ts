// The public mailboxes from the build-time configuration (no zod: the browser bundle imports it).

export type MailEnv = {
  SITE_URL: string;
  MAIL_DOMAIN?: string | undefined;
  MAIL_GENERAL?: string | undefined;
  MAIL_CAREERS?: string | undefined;
  MAIL_PRESS?: string | undefined;
};

/** MAIL_DOMAIN, or else the host of SITE_URL without a leading "www.". */
export function mailDomainOf(env: MailEnv): string {
  return env.MAIL_DOMAIN ?? new URL(env.SITE_URL).hostname.replace(/^www\./, "");
}

/** The three public mailboxes: each its own variable, or else a fixed local part at the mail domain. */
export function mailboxesOf(env: MailEnv) {
  const domain = mailDomainOf(env);
  return {
    general: env.MAIL_GENERAL ?? `hello@${domain}`,
    careers: env.MAIL_CAREERS ?? `careers@${domain}`,
    press: env.MAIL_PRESS ?? `press@${domain}`,
  };
}
