// Mail delivery of contact messages (ADR 5): the one SMTP transporter and the outbox worker, started once the
// server listens and stopped on close (waiting for a send in flight). Without SMTP_URL mail delivery is off:
// messages stay in the inbox, and the start log says so once. A second worker sends the team's one-time links
// (team_mail) over the same transporter.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env.ts";
import { composeContactMail } from "../mail/contact-mail.ts";
import { OutboxWorker, type OutboxWorkerTuning } from "../mail/outbox-worker.ts";
import { composeTeamMail } from "../mail/team-mail.ts";
import {
  type MailTransport,
  type SmtpTimeouts,
  smtpTls,
  smtpTransport,
} from "../mail/transport.ts";

export interface MailerPluginOptions {
  env: Env;
  /** Worker timing (tests drive the clock and shorten the intervals). */
  worker?: Partial<OutboxWorkerTuning> | undefined;
  smtpTimeouts?: SmtpTimeouts | undefined;
}

export interface Mailer {
  /** SMTP_URL is set: stored contact messages (not spam) are queued for e-mail. */
  readonly enabled: boolean;
  /** The worker, when mail delivery is on. */
  readonly worker: OutboxWorker | null;
  /** The process's one SMTP transporter, when mail delivery is on (the weekly report sends through it too). */
  readonly transport: MailTransport | null;
  /** A message was queued: look at the outbox now. */
  wake(): void;
  /** A team mail (invitation, reset) was queued: look at its outbox now. */
  wakeTeam(): void;
  /** Starts the worker (done when the server listens; tests that only inject call it themselves). */
  start(): void;
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
    app.decorate("mailer", {
      enabled: false,
      worker: null,
      transport: null,
      wake() {},
      wakeTeam() {},
      start() {},
    });
    return;
  }
  const settings = { from: env.MAIL_FROM, to: env.MAIL_TO, siteUrl: env.SITE_URL };
  const transport: MailTransport = smtpTransport(env.SMTP_URL, options.smtpTimeouts);
  const tls = smtpTls(env.SMTP_URL);
  const worker = new OutboxWorker({
    ...options.worker,
    outbox: app.repositories.mailOutbox,
    transport,
    compose: (message) => composeContactMail(message, settings),
    log: app.log.child({ component: "mail-outbox" }),
    singleWorkerKey: app.database.dialect === "sqlite" ? app.database.location : undefined,
    // Every send, retry and failure changes what the console shows for the message.
    onChange: (messageId) => app.consoleEvents.messageChanged(messageId),
  });
  const teamWorker = new OutboxWorker({
    ...options.worker,
    outbox: app.repositories.teamMail,
    transport,
    compose: (mail) => composeTeamMail(mail, env.MAIL_FROM ?? ""),
    log: app.log.child({ component: "team-mail" }),
    singleWorkerKey:
      app.database.dialect === "sqlite" ? `${app.database.location} team_mail` : undefined,
  });
  app.decorate("mailer", {
    enabled: true,
    worker,
    transport,
    wake: () => worker.wake(),
    wakeTeam: () => teamWorker.wake(),
    start: () => {
      worker.start();
      teamWorker.start();
    },
  });
  app.addHook("onListen", async () => {
    if (worker.running) return;
    worker.start();
    teamWorker.start();
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
    await Promise.all([worker.stop(), teamWorker.stop()]);
    transport.close();
  });
}

export default fp(mailer, {
  name: "mailer",
  fastify: "5.x",
  dependencies: ["database", "console-events"],
});
