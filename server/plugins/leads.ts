// Leads beyond the inbox (ADR 34): the spam score of each contact message and the render token it relies on, and
// where a message that is not spam goes besides the team's e-mail (signed webhooks, Slack, the acknowledgement to
// the sender): the outbox's handlers send those (plugins/outbox.ts).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { formTokenFieldName } from "../../contracts/contact-fields.ts";
import { type ContactForm, isHoneypotFilled } from "../../contracts/contact-form.ts";
import { type DeliveryPlan, hasDeliveries } from "../db/repositories/contact-messages/index.ts";
import type { Env } from "../env.ts";
import { type FormTokens, formTokens } from "../leads/form-token.ts";
import { defaultHttpPostOptions, type HttpPostOptions } from "../leads/http-post.ts";
import { type SpamScore, scoreMessage } from "../leads/spam-score.ts";

export interface LeadsPluginOptions {
  env: Env;
  now?: (() => number) | undefined;
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
  /** The receivers' time limit, answer size and addresses allowed. */
  readonly http: HttpPostOptions;
}

declare module "fastify" {
  interface FastifyInstance {
    leads: Leads;
  }
}

const formTokenSecret = "form-token";

async function leads(app: FastifyInstance, options: LeadsPluginOptions): Promise<void> {
  const { env, now = Date.now } = options;
  const { serverSecrets, leadSenders } = app.repositories;
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
    http,
  } satisfies Leads);

  if (!hasDeliveries(plan)) return;
  app.addHook("onListen", async () => {
    app.log.info(
      {
        webhooks: plan.webhooks.map((url) => new URL(url).host),
        slack: plan.slack !== null,
        acknowledgement: plan.acknowledge,
      },
      "lead deliveries on: messages that are not spam are sent on through the outbox",
    );
  });
}

export default fp(leads, {
  name: "leads",
  fastify: "5.x",
  dependencies: ["database", "mailer", "console-events"],
});
