// Contact form logic: validation with the server's own schema (zod), submission, field errors. Loaded on
// the visitor's first interaction with the form, so the page itself never waits for it.

import {
  type ContactErrors,
  type ContactFieldName,
  type ContactValues,
  formTokenFieldName,
  honeypotFieldName,
} from "../../contracts/contact-fields";
import {
  type ContactFormPayload,
  contactFormErrors,
  contactFormSchema,
} from "../../contracts/contact-form";
import {
  contactErrorSentence,
  contactFieldErrors,
  fieldOfError,
} from "../../contracts/contact-form-messages";
import { normaliseWebsite } from "../../contracts/fields";
import { functionNames } from "../../contracts/functions";
import { invokeFunction } from "./backend";
import { trackedSessionId } from "./referrer-tracking";

/** Field errors of the shared schema in the visitor's words, the first per field. */
export function validateContact(values: ContactValues): ContactErrors {
  const result = contactFormSchema.safeParse(values);
  return result.success ? {} : contactFieldErrors(result.error.issues);
}

export class ContactSubmitError extends Error {
  override name = "ContactSubmitError";
  /** The field a 400 answer named, shown next to that field. */
  readonly field: ContactFieldName | undefined;
  /** What the visitor reads at that field: the answer's text in their words. */
  readonly sentence: string | undefined;
  /** A 429's Retry-After: how long the visitor waits before sending again. */
  readonly retryAfterSeconds: number | undefined;
  constructor(message: string, field?: ContactFieldName, retryAfterSeconds?: number) {
    super(message);
    this.field = field;
    this.sentence = field ? contactErrorSentence(field, message) : undefined;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Submits the form (docs/product.md, "Server functions"); raises the server's error text, or "Failed to submit form". */
export async function submitContact(
  values: ContactValues,
  honeypot: string,
  formToken: string,
): Promise<void> {
  const payload: ContactFormPayload = {
    ...values,
    session_id: trackedSessionId(),
    ...(honeypot ? { [honeypotFieldName]: honeypot } : {}),
    ...(formToken ? { [formTokenFieldName]: formToken } : {}),
  };
  let answer: Awaited<ReturnType<typeof invokeFunction>>;
  try {
    answer = await invokeFunction(functionNames.submitContactForm, payload);
  } catch {
    throw new ContactSubmitError(contactFormErrors.failed);
  }
  if (answer.success) return;
  const text = answer.error ?? contactFormErrors.failed;
  throw new ContactSubmitError(
    text,
    answer.status === 400 ? fieldOfError(text) : undefined,
    answer.status === 429 ? answer.retryAfterSeconds : undefined,
  );
}

/** Shows in the Website field the address the visitor meant: "www.example.com" becomes https://www.example.com. */
export function normaliseWebsiteField(field: HTMLInputElement): void {
  const typed = field.value.trim();
  const meant = normaliseWebsite(typed);
  if (meant !== typed) field.value = meant;
}
