// Contact form logic: validation with the server's own schema (zod), submission, field errors. Loaded on
// the visitor's first interaction with the form, so the page itself never waits for it.

import {
  type ContactErrors,
  type ContactFieldName,
  type ContactValues,
  contactFieldNames,
} from "../../contracts/contact-fields";
import {
  type ContactFormPayload,
  contactFormErrors,
  contactFormSchema,
  contactHoneypotField,
} from "../../contracts/contact-form";
import { invokeFunction } from "./backend";
import { trackedSessionId } from "./referrer-tracking";

/** Field errors of the shared schema, the first message per field. */
export function validateContact(values: ContactValues): ContactErrors {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactFieldName | undefined;
    if (field && contactFieldNames.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The field a server error text names ("email must be …"), if any. */
export function fieldOfError(text: string): ContactFieldName | undefined {
  return contactFieldNames.find((field) => text.startsWith(`${field} `));
}

export class ContactSubmitError extends Error {
  override name = "ContactSubmitError";
  /** The field a 400 answer named, shown next to that field. */
  readonly field: ContactFieldName | undefined;
  constructor(message: string, field?: ContactFieldName) {
    super(message);
    this.field = field;
  }
}

/** Submits the form (SPEC section 7); raises the server's error text, or "Failed to submit form". */
export async function submitContact(values: ContactValues, honeypot: string): Promise<void> {
  const payload: ContactFormPayload = {
    ...values,
    session_id: trackedSessionId(),
    ...(honeypot ? { [contactHoneypotField]: honeypot } : {}),
  };
  let answer: Awaited<ReturnType<typeof invokeFunction>>;
  try {
    answer = await invokeFunction("submit-contact-form", payload);
  } catch {
    throw new ContactSubmitError(contactFormErrors.failed);
  }
  if (answer.success) return;
  const text = answer.error ?? contactFormErrors.failed;
  throw new ContactSubmitError(text, answer.status === 400 ? fieldOfError(text) : undefined);
}
