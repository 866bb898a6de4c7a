// The submit-contact-form payload (docs/product.md, "Server functions"): one schema for the browser form and the server.
// Shared by the browser and the server: no Node-only imports here.
import { z } from "zod";
import { contactFieldLimits, formTokenFieldName, honeypotFieldName } from "./contact-fields.ts";
import {
  fieldErrors,
  hasUserInfo,
  isHttpUrl,
  normaliseWebsite,
  optionalText,
  optionalUuid,
  requiredText,
} from "./fields.ts";
import { objectError } from "./function-result.ts";
import { functionNames, functionPath } from "./functions.ts";

export const contactFormPath = functionPath(functionNames.submitContactForm);

export const contactFormLimits = contactFieldLimits;

export const contactFormErrors = {
  /** The 500 answer when the message could not be stored. */
  failed: "Failed to submit form",
} as const;

const email = requiredText("email", { max: contactFormLimits.email }).refine(
  (value) => z.regexes.email.test(value),
  fieldErrors.email("email"),
);

// What people type ("www.example.com") is read as the https address they mean before it is checked.
const website = optionalText("website", { max: contactFormLimits.website })
  .transform((value) => (value === null ? null : normaliseWebsite(value)))
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
    [honeypotFieldName]: optionalText(honeypotFieldName, { max: 2000, multiline: true }),
    [formTokenFieldName]: optionalText(formTokenFieldName, { max: 200 }),
  },
  { error: objectError },
);

/** What the browser sends. */
export type ContactFormPayload = z.input<typeof contactFormSchema>;
/** What the server stores: trimmed, blank optional fields as null, session id in lower case. */
export type ContactForm = z.output<typeof contactFormSchema>;

/** True when the hidden honeypot field was filled in (the sender is a bot). */
export function isHoneypotFilled(form: ContactForm): boolean {
  return form[honeypotFieldName] !== null;
}
