// Mail delivery (ADR 5): the one SMTP transporter the outbox's mails go through (plugins/outbox.ts), closed after
// the outbox worker stops. Without SMTP_URL mail delivery is off: messages stay in the inbox, and the start log
// says so once.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env.ts";
import {
  type MailTransport,
  type SmtpTimeouts,
  smtpTls,
  smtpTransport,
} from "../mail/transport.ts";

export interface MailerPluginOptions {
  env: Env;
  smtpTimeouts?: SmtpTimeouts | undefined;
}

export interface Mailer {
  /** SMTP_URL is set: stored contact messages (not spam) are queued for e-mail. */
  readonly enabled: boolean;
  /** The process's one SMTP transporter, when mail delivery is on. */
  readonly transport: MailTransport | null;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** host:port of an SMTP URL, for logs (never its credentials). */
function smtpLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "(unparsable SMTP_URL)";
  }
}

async function mailer(app: FastifyInstance, options: MailerPluginOptions): Promise<void> {
  const { env } = options;
  if (!env.SMTP_URL || !env.MAIL_FROM || env.MAIL_TO.length === 0) {
    app.log.warn(
      "mail delivery is off (SMTP_URL is not set): contact messages are stored in the inbox and not e-mailed",
    );
    app.decorate("mailer", { enabled: false, transport: null });
    return;
  }
  const transport: MailTransport = smtpTransport(env.SMTP_URL, options.smtpTimeouts);
  const tls = smtpTls(env.SMTP_URL);
  app.decorate("mailer", { enabled: true, transport });
  app.addHook("onListen", async () => {
    app.log.info(
      { smtp: smtpLocation(env.SMTP_URL ?? ""), to: env.MAIL_TO, tls },
      "mail delivery on: contact messages are e-mailed through the outbox",
    );
    if (tls === "plaintext-allowed") {
      app.log.warn(
        "SMTP_URL opts out of TLS (requireTLS=false): the SMTP login and messages may travel in clear; use it only for a mail catcher on this machine",
      );
    }
  });
  app.addHook("onClose", async () => {
    transport.close();
  });
}

export default fp(mailer, {
  name: "mailer",
  fastify: "5.x",
  dependencies: ["database", "console-events"],
});
