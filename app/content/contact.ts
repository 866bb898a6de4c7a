// Copy of /contact and the labels of the contact form (docs/product.md, "Contact form").
import { contactFormTexts } from "../../contracts/contact-form-texts";
import { functionNames, functionPath } from "../../contracts/functions";
import { business } from "../config/business";
import { siteConfig } from "../config/site";

export interface ContactField {
  /** The form field's name on the wire (docs/product.md, "Server functions": business_name, not businessName). */
  name: "name" | "email" | "phone" | "business_name" | "website" | "message";
  label: string;
  type: "text" | "email" | "tel" | "textarea";
  required: boolean;
  inputMode?: "url";
  // maxlength and autocomplete come from the contract (contracts/contact-fields.ts).
}

export const contactForm = {
  title: "Send us a message",
  action: functionPath(functionNames.submitContactForm),
  requiredNote: "Fields marked required must be filled in.",
  requiredMarker: "required",
  optionalMarker: "optional",
  fields: [
    { name: "name", label: "Name", type: "text", required: true },
    { name: "email", label: "Email", type: "email", required: true },
    { name: "phone", label: "Phone", type: "tel", required: false },
    {
      name: "business_name",
      label: "Business name",
      type: "text",
      required: false,
    },
    {
      name: "website",
      label: "Website",
      type: "text",
      required: false,
      inputMode: "url",
    },
    { name: "message", label: "Message", type: "textarea", required: true },
  ] satisfies readonly ContactField[],
  messageRows: business.contactMessageRows,
  submit: "Send Message",
  sending: contactFormTexts.sending,
  honeypotLabel: "Leave this field empty",
  success: {
    toastTitle: contactFormTexts.successTitle,
    toastDescription: contactFormTexts.successDescription(business.replyWithinHours),
    toastMs: business.successToastMs,
    dialogTitle: contactFormTexts.dialogTitle,
    dialogBody: `We'll get back to you within ${business.replyWithinHours} hours.`,
    dialogButton: contactFormTexts.dialogButton,
  },
  failure: {
    toastTitle: contactFormTexts.failureTitle,
    toastDescription: contactFormTexts.failureDescription,
    /** Over the rate limit: SPEC's words, then how long to wait, as the page without JavaScript says it. */
    waitDescription: (seconds: number) =>
      `${contactFormTexts.failureDescription} ${contactFormTexts.tooManyRequests(seconds)}`,
  },
} as const;

export const contactCopy = {
  hero: {
    badge: "Contact",
    title: "Talk to us about your event",
    subline: `Questions about running your event on ${siteConfig.name}, or want a demo? Send a message and we'll reply within ${business.replyWithinHours} hours.`,
  },
  aside: {
    title: "Other ways to reach us",
    replyTitle: `A reply within ${business.replyWithinHours} hours`,
    replyBody: "Send the form or an email, whichever suits you.",
    emailTitle: "Prefer email?",
    emailBody: "Write to us directly at",
    email: siteConfig.mailboxes.general,
    demoTitle: "Want a demo?",
    demoBody:
      "Tell us what kind of event you run and roughly when, and we'll find a time to walk you through it.",
  },
} as const;
