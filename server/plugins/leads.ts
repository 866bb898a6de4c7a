// Leads beyond the inbox (ADR 34): the spam score of each contact message and the render token it relies on, and
// the deliveries of a message that is not spam besides the team's e-mail (signed webhooks, Slack, the
// acknowledgement to the sender) through their outbox and its worker, started once the server listens.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { formTokenFieldName } from "../../contracts/contact-fields.ts";
import { type ContactForm, isHoneypotFilled } from "../../contracts/contact-form.ts";
import { type DeliveryPlan, hasDeliveries } from "../db/repositories/lead-deliveries.ts";
import type { Env } from "../env.ts";
import { type DeliveryTuning, DeliveryWorker, type Send } from "../leads/delivery-worker.ts";
import { type FormTokens, formTokens } from "../leads/form-token.ts";
import { defaultHttpPostOptions, type HttpPostOptions, httpPost } from "../leads/http-post.ts";
import {
  acknowledgementMail,
  contactCreatedEvent,
  signedHeaders,
  slackMessage,
} from "../leads/lead-messages.ts";
import { type SpamScore, scoreMessage } from "../leads/spam-score.ts";

export interface LeadsPluginOptions {
  env: Env;
  now?: (() => number) | undefined;
  /** The delivery worker's timing (tests shorten the retries). */
  worker?: Partial<DeliveryTuning> | undefined;
  /** The receivers' time limit and answer size. */
  http?: Partial<Pick<HttpPostOptions, "timeoutMs" | "maxAnswerBytes">> | undefined;
}

export interface Leads {
  /** A render token for the contact page rendered now (the secret is read from the database once). */
  issueFormToken(): Promise<string>;
  /** The spam score of a form posted now. */
  assess(form: ContactForm): Promise<SpamScore>;
  /** Where a message that is not spam goes besides the team's e-mail. */
  readonly plan: DeliveryPlan;
  /** The delivery worker, when anything is to be delivered. */
  readonly worker: DeliveryWorker | null;
  /** A delivery was queued: look at the outbox now. */
  wake(): void;
  /** Starts the worker (done when the server listens; tests that only inject call it themselves). */
  start(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    leads: Leads;
  }
}

const formTokenSecret = "form-token";
/** The longest an acknowledgement's SMTP send may take (the mail outbox's limit). */
const mailSendTimeoutMs = 60_000;

async function leads(app: FastifyInstance, options: LeadsPluginOptions): Promise<void> {
  const { env, now = Date.now } = options;
  const { serverSecrets, leadSenders, leadDeliveries, mailOutbox } = app.repositories;
  const tokens = async (): Promise<FormTokens> =>
    formTokens(await serverSecrets.get(formTokenSecret));
  const transport = app.mailer.transport;
  const plan: DeliveryPlan = {
    webhooks: env.WEBHOOK_URL,
    slack: env.SLACK_WEBHOOK_URL ?? null,
    acknowledge: transport !== null && env.ACK_EMAIL === "on",
  };
  const http: HttpPostOptions = {
    ...defaultHttpPostOptions,
    ...options.http,
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "on",
  };
  const from = env.MAIL_FROM ?? "";
  const send: Send = async (delivery, message, signal) => {
    if (delivery.channel === "ack") {
      if (!transport) throw new Error("mail delivery is off: no acknowledgement can be sent");
      await transport.send(
        acknowledgementMail(message.id, delivery.receiver, { from }),
        AbortSignal.any([signal, AbortSignal.timeout(mailSendTimeoutMs)]),
      );
      return;
    }
    const event = contactCreatedEvent(message, env.SITE_URL);
    if (delivery.channel === "slack") {
      await httpPost(
        delivery.receiver,
        JSON.stringify(slackMessage(event)),
        {},
        { ...http, signal },
      );
      return;
    }
    const body = JSON.stringify(event);
    const headers = signedHeaders(env.WEBHOOK_SECRET ?? "", delivery.id, now(), body);
    await httpPost(delivery.receiver, body, headers, { ...http, signal });
  };
  const worker = hasDeliveries(plan)
    ? new DeliveryWorker({
        ...options.worker,
        deliveries: leadDeliveries,
        load: (ids) => mailOutbox.load(ids),
        send,
        log: app.log.child({ component: "lead-deliveries" }),
        singleWorker: app.database.dialect === "sqlite",
        onChange: (messageId) => app.consoleEvents.messageChanged(messageId),
      })
    : null;

  app.decorate("leads", {
    async issueFormToken() {
      return (await tokens()).issue(now());
    },
    async assess(form) {
      const [signer, trusted] = await Promise.all([tokens(), leadSenders.isTrusted(form.email)]);
      return scoreMessage({
        ...form,
        honeypot: isHoneypotFilled(form),
        token: signer.check(form[formTokenFieldName], now()),
        blocklist: env.SPAM_BLOCKLIST,
        trusted,
      });
    },
    plan,
    worker,
    wake: () => worker?.wake(),
    start: () => worker?.start(),
  } satisfies Leads);

  if (!worker) return;
  app.addHook("onListen", async () => {
    if (worker.running) return;
    worker.start();
    app.log.info(
      {
        webhooks: plan.webhooks.map((url) => new URL(url).host),
        slack: plan.slack !== null,
        acknowledgement: plan.acknowledge,
      },
      "lead deliveries on: messages that are not spam are sent on through the outbox",
    );
  });
  app.addHook("onClose", async () => {
    await worker.stop();
  });
}

export default fp(leads, {
  name: "leads",
  fastify: "5.x",
  dependencies: ["database", "mailer", "console-events"],
});
