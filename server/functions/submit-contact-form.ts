// POST /functions/v1/submit-contact-form: validates, stores the message (committed before the answer), 200.
// A message scored as spam (the honeypot, the render token, links, phrases, the blocklist: ADR 34) still answers
// 200, exactly as any other, and is stored as spam; the same payload twice in a minute is stored once. With mail
// delivery on, the message's outbox rows (e-mail, webhooks, acknowledgement) are committed with it and the workers
// send them after the answer (the form never waits for them); spam and duplicates are never sent anywhere.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactFieldNames } from "../../contracts/contact-fields.ts";
import { contactFormErrors, contactFormSchema } from "../../contracts/contact-form.ts";
import { contactFieldErrors } from "../../contracts/contact-form-messages.ts";
import { firstErrorText, maxFunctionBodyBytes } from "../../contracts/function-result.ts";
import { functionNames } from "../../contracts/functions.ts";
import { formEncoded, parseFormEncoded } from "../content-types.ts";
import { validationIssues } from "../error-handler.ts";
import { sendTooManyRequests } from "../plugins/rate-limits.ts";
import { acceptOnly, jsonOnly, rejectOtherMethods, success } from "./http.ts";

export const contactFormRateLimits = [
  { max: 5, windowMs: 60_000 },
  { max: 30, windowMs: 60 * 60_000 },
] as const;

const maxUserAgentLength = 512;
/** JSON from the page's script; the form-encoded post of the page without JavaScript (ADR 7). */
const contactFormMediaTypes: readonly string[] = [...jsonOnly, formEncoded];

/**
 * Where a no-JavaScript post is sent after it: the contact page, which shows the outcome at its status area, at the
 * top of the screen with the form right under it.
 */
export const contactPageAfter = {
  sent: "/contact?sent=1#contact-form-status",
  failed: "/contact?failed=1#contact-form-status",
  invalid: (token: string) => `/contact?form=${encodeURIComponent(token)}#contact-form-status`,
} as const;

function isFormPost(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === formEncoded;
}

/** Every field as the form posted it (a plain string each; a missing one empty). */
function postedValues(body: unknown): Record<string, string> {
  const posted = (body ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    contactFieldNames.map((field) => [
      field,
      typeof posted[field] === "string" ? posted[field] : "",
    ]),
  );
}

export default async function submitContactForm(app: FastifyInstance): Promise<void> {
  const url = `/${functionNames.submitContactForm}`;
  // The no-JavaScript form posts here too (this plugin's scope only): every field a plain string.
  parseFormEncoded(app, maxFunctionBodyBytes);
  // Over the limit, JSON is answered 429 before its body is read; a form post is answered with the contact page,
  // its values kept and when to try again, so its body is read first.
  const overLimit = app.addressRateLimitCheck(contactFormRateLimits);
  const retryAfterOf = new WeakMap<FastifyRequest, number>();
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      schema: { body: contactFormSchema },
      // A refused JSON post is the error handler's 400; a refused form post is answered with the contact page,
      // so the handler sees the refusal.
      attachValidation: true,
      onRequest: [
        acceptOnly(contactFormMediaTypes),
        async (request, reply) => {
          const retryAfter = overLimit ? await overLimit(request) : 0;
          if (retryAfter === 0) return;
          if (isFormPost(request.headers["content-type"]) && app.contactPage) {
            retryAfterOf.set(request, retryAfter);
            return;
          }
          return sendTooManyRequests(reply, retryAfter);
        },
      ],
      // A form post over the limit: the contact page with the values as posted (before the schema reads them).
      preValidation: async (request, reply) => {
        const retryAfter = retryAfterOf.get(request);
        if (retryAfter === undefined || !app.contactPage) return;
        return app.contactPage.send(
          reply.header("retry-after", String(retryAfter)),
          {
            tooManyRequests: { retryAfterSeconds: retryAfter, values: postedValues(request.body) },
          },
          { status: 429, formToken: await app.leads.issueFormToken() },
        );
      },
      // JSON from the script; the plain form post without JavaScript is answered with 303 redirects.
      config: { failureText: contactFormErrors.failed },
    },
    async (request, reply) => {
      const viaForm = isFormPost(request.headers["content-type"]);
      const issues = validationIssues(request.validationError);
      if (issues) {
        if (!viaForm) throw request.validationError;
        // The visitor reads every refused field in their own words; an error of the whole post as it is.
        const text = firstErrorText({ issues });
        const errors = contactFieldErrors(issues);
        const bodyLevel = issues.some((issue) => issue.path.length === 0);
        const token = await app.repositories.formFlashes.put({
          values: postedValues(request.body),
          errors,
          formError: bodyLevel ? text : undefined,
        });
        return reply.redirect(contactPageAfter.invalid(token), 303);
      }
      const form = request.body;
      const queueMail = app.mailer.enabled;
      try {
        const verdict = await app.leads.assess(form);
        const status = verdict.spam ? "spam" : "new";
        const clientHash = await app.repositories.clientAddresses.hash(request.ip);
        const result = await app.repositories.contactMessages.submit(
          {
            name: form.name,
            email: form.email,
            phone: form.phone,
            business_name: form.business_name,
            website: form.website,
            message: form.message,
            session_id: form.session_id,
            client_hash: clientHash,
            user_agent: request.headers["user-agent"]?.slice(0, maxUserAgentLength) ?? null,
            status,
            spam_score: verdict.score,
            spam_reasons: JSON.stringify(verdict.reasons),
          },
          { queueMail, deliveries: app.leads.plan },
        );
        if (result.stored && status === "new") {
          if (queueMail) app.outbox.wake();
        }
        if (result.id !== null) app.consoleEvents.messageCreated(result.id);
      } catch (error) {
        // JSON: the error handler's 500 (failureText); the visitor without JavaScript reads it on the page.
        if (!viaForm) throw error;
        request.log.error({ err: error }, "contact message not stored");
        return reply.redirect(contactPageAfter.failed, 303);
      }
      return viaForm ? reply.redirect(contactPageAfter.sent, 303) : success;
    },
  );
  rejectOtherMethods(app, url);
}
