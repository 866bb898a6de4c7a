// What a visitor reads when the contact form refuses a field: one sentence for each rule of the contract, shown by
// the form in the browser and by the page the server answers without JavaScript. The functions' JSON answers keep
// the texts of fields.ts (clients rely on them); this module reads those texts back into the visitor's words.
import {
  type ContactErrors,
  type ContactFieldName,
  contactFieldLimits,
  contactFieldNames,
} from "./contact-fields.ts";
import { fieldErrors } from "./fields.ts";

type Rule = keyof typeof fieldErrors;

/** How a sentence names each field. */
const fieldWords: Record<ContactFieldName, string> = {
  name: "your name",
  email: "your e-mail address",
  phone: "the phone number",
  business_name: "the business name",
  website: "the website address",
  message: "the message",
};

const characters = (field: ContactFieldName) => contactFieldLimits[field].toLocaleString("en-US");

/** The sentence of each rule, for any field it applies to. */
const ruleSentences: Record<Rule, (field: ContactFieldName) => string> = {
  required: (field) => (field === "message" ? "Enter your message" : `Enter ${fieldWords[field]}`),
  notString: (field) => `Enter ${fieldWords[field]} as text`,
  tooLong: (field) => `Keep ${fieldWords[field]} under ${characters(field)} characters`,
  singleLine: (field) => `Write ${fieldWords[field]} on one line`,
  nul: (field) => `Remove the invisible control characters from ${fieldWords[field]}`,
  unicode: (field) => `Remove the characters that are not text from ${fieldWords[field]}`,
  email: () => "Enter an e-mail address like name@example.com",
  httpUrl: () => "Enter a website address like www.example.com",
  urlUserInfo: () => "Enter the website address without a user name or password",
  uuid: (field) => `Enter ${fieldWords[field]} as a UUID`,
};

const rules = Object.keys(ruleSentences) as Rule[];

/** The field an error text of the contract names ("email must be …"), if any. */
export function fieldOfError(text: string): ContactFieldName | undefined {
  return contactFieldNames.find((field) => text.startsWith(`${field} `));
}

/** The visitor's sentence for a field's error text of the contract; a text of no known rule is returned as it is. */
export function contactErrorSentence(field: ContactFieldName, text: string): string {
  const rule = rules.find((name) => fieldErrors[name](field, contactFieldLimits[field]) === text);
  return rule ? ruleSentences[rule](field) : text;
}

/** Each refused field's sentence (its first error), from the issues of the contract's schema. */
export function contactFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ContactErrors {
  const errors: ContactErrors = {};
  for (const issue of issues) {
    const field = contactFieldNames.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = contactErrorSentence(field, issue.message);
  }
  return errors;
}

/** The error summary's title (the GOV.UK pattern: the list of errors, each a link to its field). */
export const errorSummaryTitle = "There is a problem";
