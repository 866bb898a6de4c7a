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

/** Name of the hidden honeypot input (the contract's key; kept here so the page needs no schema). */
export const honeypotFieldName = "extra_comments";
