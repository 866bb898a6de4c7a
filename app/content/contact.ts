// Copy of /contact (from content/pages/contact.yaml) and the contact form's labels (docs/product.md, "Contact form").
import { contactFormTexts } from "../../contracts/contact-form-texts";
import { functionNames, functionPath } from "../../contracts/functions";
import { business } from "../config/business";
import { siteConfig } from "../config/site";
import { contactPage } from "./store";

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

type ContactPage = typeof contactPage;

/** The page's copy from content/pages/contact.yaml, with the general mailbox (the build's) beside it. */
function pageCopy({ hero, aside }: ContactPage) {
  return { hero, aside: { ...aside, email: siteConfig.mailboxes.general } };
}

// Built in a call marked pure: the contact form's island imports this module and must not carry the page's copy.
export const contactCopy = /* @__PURE__ */ pageCopy(contactPage);
