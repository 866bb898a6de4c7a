// POST /functions/v1/submit-contact-form: validates, stores the message (committed before the answer), 200.
// A filled honeypot still answers 200 and stores the message as spam; the same payload twice in a minute is
// stored once. With mail delivery on, the message's outbox row is committed with it and the worker sends it
// after the answer (the form never waits for SMTP); spam and duplicates are never e-mailed.
import type { FastifyInstance } from "fastify";
import {
  contactFormErrors,
  contactFormSchema,
  isHoneypotFilled,
} from "../../contracts/contact-form.ts";
import { firstErrorText } from "../../contracts/function-result.ts";
import { jsonOnly, rejectOtherMethods, sendError, success } from "./http.ts";

export const contactFormRateLimits = [
  { max: 5, windowMs: 60_000 },
  { max: 30, windowMs: 60 * 60_000 },
] as const;

const maxUserAgentLength = 512;

export default async function submitContactForm(app: FastifyInstance): Promise<void> {
  const url = "/v1/submit-contact-form";
  app.post(
    url,
    {
      onRequest: app.addressRateLimit(contactFormRateLimits),
      // The no-JavaScript form (a later issue) adds "application/x-www-form-urlencoded" here, with its parser
      // registered in this route's scope, and answers it with a 303 redirect.
      config: { mediaTypes: jsonOnly, failureText: contactFormErrors.failed },
    },
    async (request, reply) => {
      const parsed = contactFormSchema.safeParse(request.body);
      if (!parsed.success) return sendError(reply, 400, firstErrorText(parsed.error));
      const form = parsed.data;
      const status = isHoneypotFilled(form) ? "spam" : "new";
      const queueMail = app.mailer.enabled;
      try {
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
          },
          { queueMail },
        );
        if (queueMail && result.stored && status === "new") app.mailer.wake();
      } catch (error) {
        request.log.error({ err: error }, "contact message not stored");
        return sendError(reply, 500, contactFormErrors.failed);
      }
      return success;
    },
  );
  rejectOtherMethods(app, url);
}
