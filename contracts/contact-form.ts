// The submit-contact-form payload (SPEC section 7, DESIGN section 4): one schema for the browser form and the server.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";
import {
  fieldErrors,
  hasUserInfo,
  isHttpUrl,
  optionalText,
  optionalUuid,
  requiredText,
} from "./fields.ts";
import { objectError } from "./function-result.ts";

export const contactFormPath = "/functions/v1/submit-contact-form";

export const contactFormLimits = {
  name: 200,
  email: 254,
  phone: 50,
  business_name: 200,
  website: 2000,
  message: 5000,
} as const;

/**
 * Hidden honeypot input: people never see or fill it; a bot that does gets a normal 200 answer, and its
 * message is kept marked as spam (never e-mailed). Named so that browsers' autofill leaves it alone.
 */
export const contactHoneypotField = "extra_comments";

export const contactFormErrors = {
  /** The 500 answer when the message could not be stored. */
  failed: "Failed to submit form",
} as const;

const email = requiredText("email", { max: contactFormLimits.email }).refine(
  (value) => z.regexes.email.test(value),
  fieldErrors.email("email"),
);

const website = optionalText("website", { max: contactFormLimits.website })
  .refine((value) => value === null || isHttpUrl(value), fieldErrors.httpUrl("website"))
  .refine((value) => value === null || !hasUserInfo(value), fieldErrors.urlUserInfo("website"));

export const contactFormSchema = z.strictObject(
  {
    name: requiredText("name", { max: contactFormLimits.name }),
    email,
    phone: optionalText("phone", { max: contactFormLimits.phone }),
    business_name: optionalText("business_name", { max: contactFormLimits.business_name }),
    website,
    message: requiredText("message", { max: contactFormLimits.message, multiline: true }),
    /** The visitor's tracked session (track-referrer), so a message can be attributed to its referrer. */
    session_id: optionalUuid("session_id"),
    [contactHoneypotField]: optionalText(contactHoneypotField, { max: 2000, multiline: true }),
  },
  { error: objectError },
);

/** What the browser sends. */
export type ContactFormPayload = z.input<typeof contactFormSchema>;
/** What the server stores: trimmed, blank optional fields as null, session id in lower case. */
export type ContactForm = z.output<typeof contactFormSchema>;

/** True when the hidden honeypot field was filled in (the sender is a bot). */
export function isHoneypotFilled(form: ContactForm): boolean {
  return form[contactHoneypotField] !== null;
}
