import { describe, expect, it } from "vitest";
import { contactFieldNames, emptyContactValues, honeypotFieldName } from "./contact-fields.ts";
import { contactFormSchema, contactHoneypotField } from "./contact-form.ts";

describe("contact fields", () => {
  it("name the same fields and honeypot as the server's contract", () => {
    expect(honeypotFieldName).toBe(contactHoneypotField);
    for (const field of contactFieldNames)
      expect(Object.keys(contactFormSchema.shape)).toContain(field);
    expect(Object.keys(emptyContactValues)).toEqual([...contactFieldNames]);
  });
});
