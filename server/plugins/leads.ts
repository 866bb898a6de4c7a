// Leads beyond the inbox (ADR 33): the spam score of each contact message and the render token it relies on.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { formTokenFieldName, honeypotFieldName } from "../../contracts/contact-fields.ts";
import type { ContactForm } from "../../contracts/contact-form.ts";
import type { Env } from "../env.ts";
import { type FormTokens, formTokens } from "../leads/form-token.ts";
import { type SpamScore, scoreMessage } from "../leads/spam-score.ts";

export interface LeadsPluginOptions {
  env: Env;
  now?: (() => number) | undefined;
}

export interface Leads {
  /** A render token for the contact page rendered now (the secret is read from the database once). */
  issueFormToken(): Promise<string>;
  /** The spam score of a form posted now. */
  assess(form: ContactForm): Promise<SpamScore>;
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
  app.decorate("leads", {
    async issueFormToken() {
      return (await tokens()).issue(now());
    },
    async assess(form) {
      const [signer, trusted] = await Promise.all([tokens(), leadSenders.isTrusted(form.email)]);
      return scoreMessage({
        ...form,
        honeypot: form[honeypotFieldName] !== null,
        token: signer.check(form[formTokenFieldName], now()),
        blocklist: env.SPAM_BLOCKLIST,
        trusted,
      });
    },
  } satisfies Leads);
}

export default fp(leads, {
  name: "leads",
  fastify: "5.x",
  dependencies: ["database", "mailer", "console-events"],
});
