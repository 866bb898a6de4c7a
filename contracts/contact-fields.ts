// The contact form's fields and value shapes: what the form renders before its logic is loaded, and what the
// server puts back into the no-JavaScript form. Shared by the browser and the server.

export const contactFieldNames = [
  "name",
  "email",
  "phone",
  "business_name",
  "website",
  "message",
] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];
export type ContactValues = Record<ContactFieldName, string>;
export type ContactErrors = Partial<Record<ContactFieldName, string>>;

export const emptyContactValues: ContactValues = {
  name: "",
  email: "",
  phone: "",
  business_name: "",
  website: "",
  message: "",
};

/** Most characters each field takes: the server refuses more, the form's fields stop at it (maxlength). */
export const contactFieldLimits = {
  name: 200,
  email: 254,
  phone: 50,
  business_name: 200,
  website: 2000,
  message: 5000,
} as const satisfies Record<ContactFieldName, number>;

/** What browsers may fill each field with (the autocomplete attribute); a message is the visitor's own words. */
export const contactFieldAutocomplete = {
  name: "name",
  email: "email",
  phone: "tel",
  business_name: "organization",
  website: "url",
  message: "off",
} as const satisfies Record<ContactFieldName, string>;

/**
 * The markup of a refused field, the same whether the form renders it or the server writes it into the page
 * answered without JavaScript (so the form hydrates over it unchanged): the field's message id and classes, and
 * the error summary at the top of the form.
 */
export const contactErrorMarkup = {
  fieldId: (field: ContactFieldName) => `contact-form-${field}`,
  messageId: (field: ContactFieldName) => `contact-form-${field}-error`,
  messageClass: "mt-1 text-sm font-medium text-red-700",
  summaryId: "contact-form-errors",
  summaryClass: "mt-6 rounded-lg border-2 border-red-700 p-4 focus:outline-none",
  summaryTitleClass: "font-bold text-red-800",
  summaryListClass: "mt-2 list-disc space-y-1 pl-5",
  summaryLinkClass: "font-medium text-red-800 underline underline-offset-2",
} as const;

/**
 * The signed time the form's page was rendered (server/leads/form-token.ts), in a hidden field the server fills:
 * a post sooner than a person could type, or from a page a day old, counts towards spam.
 */
export const formTokenFieldName = "form_token";

/**
 * Hidden honeypot input: people never see or fill it; a bot that does gets a normal 200 answer, and its message is
 * kept marked as spam (never e-mailed). Named so that browsers' autofill leaves it alone. Here, not beside the
 * schema, so the page needs no schema to render it.
 */
export const honeypotFieldName = "extra_comments";
