import { describe, expect, it } from "vitest";
import { contactFieldNames, emptyContactValues } from "./contact-fields.ts";
import { contactFormSchema } from "./contact-form.ts";

describe("contact fields", () => {
  it("name the same fields as the server's contract", () => {
    for (const field of contactFieldNames)
      expect(Object.keys(contactFormSchema.shape)).toContain(field);
    expect(Object.keys(emptyContactValues)).toEqual([...contactFieldNames]);
  });
});
