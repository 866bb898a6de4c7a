// The outbox's handler per kind (ADR 47): the contact mail to the team (ADR 5), the team's link mails, the weekly
// report (ADR 30), and a lead's signed webhook, Slack message and acknowledgement (ADR 34). Each reads what its row
// names, sends it, and says what a failure means; the worker does the rest.
import type { SendMailOptions } from "nodemailer";
import type {
  ContactMessagesRepository,
  OutboxMessage,
} from "../db/repositories/contact-messages/index.ts";
import type { ClaimedWork, MailFailure, OutboxRepository } from "../db/repositories/outbox.ts";
import type { OutboxKind } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { DeliveryError, type HttpPostOptions, httpPost } from "../leads/http-post.ts";
import {
  acknowledgementMail,
  contactCreatedEvent,
  signedHeaders,
  slackMessage,
} from "../leads/lead-messages.ts";
import { composeContactMail } from "../mail/contact-mail.ts";
import { composeTeamMail, type TeamMail } from "../mail/team-mail.ts";
import { classifyMailError, type MailTransport } from "../mail/transport.ts";
import {
  composeWeeklyReportMail,
  lastFinishedWeek,
  reportWindows,
} from "../mail/weekly-report-mail.ts";
import type { Handler, WorkerLog } from "./worker.ts";

export interface HandlerSettings {
  env: Env;
  outbox: OutboxRepository;
  messages: ContactMessagesRepository;
  /** The SMTP transport when mail delivery is on. */
  transport: MailTransport | null;
  http: HttpPostOptions;
  now: () => number;
  log: WorkerLog;
  /** A message's mail or deliveries changed: the console shows it live. */
  messageChanged: (messageId: string) => void;
  /** The figures of the week starting on `week` (its report is on when given). */
  weekFigures?:
    | ((week: string) => Promise<Parameters<typeof composeWeeklyReportMail>[1]>)
    | undefined;
}

/** How long after its week ends the weekly report waits: many passes of the rollup worker (ROLLUP_INTERVAL_MS). */
const settleMs = 2 * 60_000;

/** A failure of something else than the transport (reading the week's figures) is worth another try. */
const failureOf = (error: unknown): MailFailure & { final?: boolean } =>
  error instanceof DeliveryError
    ? { error: error.message, kind: error.kind, final: error.final }
    : classifyMailError(error);

/** An SMTP reply to a sender's address usually quotes it: its log line keeps the kind and the reply's code. */
function withoutAddress(error: unknown, failure: MailFailure): object {
  const { responseCode } = (typeof error === "object" && error !== null ? error : {}) as {
    responseCode?: unknown;
  };
  return { kind: failure.kind, ...(typeof responseCode === "number" ? { responseCode } : {}) };
}

/** A lead's deliveries are logged by their webhook-id and channel. */
const leadLog = {
  name: "lead deliveries",
  about: (work: ClaimedWork) => ({ deliveryId: work.id, channel: work.kind }),
};

export function outboxHandlers(settings: HandlerSettings): Partial<Record<OutboxKind, Handler>> {
  const { env, messages, http, now } = settings;
  const from = env.MAIL_FROM ?? "";
  const changed = (work: ClaimedWork) => work.subjectId && settings.messageChanged(work.subjectId);

  /** A mail of the contact message the row is about, composed by `compose`. */
  const messageMail =
    (transport: MailTransport, compose: MessageMail) =>
    async (work: ClaimedWork, signal: AbortSignal) => {
      const message = await messages.forDelivery(work.subjectId ?? "");
      if (!message) return "gone" as const;
      const sent = await transport.send(compose(message, work), signal);
      if (sent.rejected.length > 0) {
        settings.log.warn(
          { id: work.id, rejected: sent.rejected },
          "outbox: some recipients were refused; the others received the message",
        );
      }
      return undefined;
    };

  const lead = (post: (work: ClaimedWork, body: object, signal: AbortSignal) => Promise<void>) =>
    ({
      ...leadLog,
      failure: (error) =>
        error instanceof DeliveryError
          ? failureOf(error)
          : { error: String(error), kind: "connection" },
      changed,
      async send(work, signal) {
        const message = await messages.forDelivery(work.subjectId ?? "");
        if (!message) return "gone";
        await post(work, contactCreatedEvent(message, env.SITE_URL), signal);
        return undefined;
      },
    }) satisfies Handler;

  const handlers: Partial<Record<OutboxKind, Handler>> = {
    webhook: lead(async (work, event, signal) => {
      const body = JSON.stringify(event);
      const headers = signedHeaders(env.WEBHOOK_SECRET ?? "", work.id, now(), body);
      await httpPost(work.payload.receiver ?? "", body, headers, { ...http, signal });
    }),
    slack: lead(async (work, event, signal) => {
      const body = JSON.stringify(slackMessage(event as Parameters<typeof slackMessage>[0]));
      await httpPost(work.payload.receiver ?? "", body, {}, { ...http, signal });
    }),
  };
  const { transport } = settings;
  if (!transport) return handlers;

  handlers["contact-mail"] = {
    name: "mail outbox",
    about: (work) => ({ messageId: work.subjectId }),
    smtp: true,
    failure: classifyMailError,
    changed,
    send: messageMail(transport, (message) =>
      composeContactMail(message, { from, to: env.MAIL_TO, siteUrl: env.SITE_URL }),
    ),
  };
  handlers.ack = {
    ...leadLog,
    smtp: true,
    failure: classifyMailError,
    logged: withoutAddress,
    changed,
    send: messageMail(transport, (message, work) =>
      acknowledgementMail(message.id, work.payload.receiver ?? "", { from }),
    ),
  };
  handlers["team-mail"] = {
    name: "team mail",
    about: (work) => ({ messageId: work.id }),
    smtp: true,
    erase: true,
    failure: classifyMailError,
    async send(work, signal) {
      const mail = composeTeamMail(work.payload as unknown as TeamMail, from);
      const domain = from.slice(from.lastIndexOf("@") + 1);
      await transport.send({ ...mail, messageId: `<team.${work.id}@${domain}>` }, signal);
      return undefined;
    },
  };
  const { weekFigures } = settings;
  if (weekFigures) {
    let scheduled: string | undefined;
    handlers["weekly-report"] = {
      name: "weekly report",
      about: (work) => ({ week: work.payload.week }),
      smtp: true,
      failure: failureOf,
      async schedule(at) {
        const week = lastFinishedWeek(at, env.ANALYTICS_TIME_ZONE);
        if (week === scheduled) return;
        const report = { kind: "weekly-report" as const, key: `weekly-report:${week}` };
        // Due once the rollup worker has counted the week's last visits (it passes every few seconds).
        const due = Math.max(
          at,
          reportWindows(week, env.ANALYTICS_TIME_ZONE).week.until + settleMs,
        );
        const added = await settings.outbox.enqueue([{ ...report, payload: { week } }], due);
        if (added > 0)
          settings.log.info({ week }, "weekly report: the week is over; its report is queued");
        scheduled = week;
      },
      async send(work, signal) {
        const { week = "" } = work.payload;
        // Read at the send, not when the week ended: the figures hold everything stored until now.
        const figures = await weekFigures(week).catch((error: unknown) => {
          throw new DeliveryError(`cannot read the week's figures: ${String(error)}`, "transient");
        });
        const timeZone = env.ANALYTICS_TIME_ZONE;
        const reportSettings = { from, to: env.MAIL_TO, siteUrl: env.SITE_URL, timeZone };
        await transport.send(composeWeeklyReportMail(week, figures, reportSettings, now()), signal);
        settings.log.info({ week, attempts: work.attempts }, "weekly report: sent");
        return undefined;
      },
    };
  }
  return handlers;
}

type MessageMail = (message: OutboxMessage, work: ClaimedWork) => SendMailOptions;
