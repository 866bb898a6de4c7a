import { describe, expect, it } from "vitest";
import { formTokenFieldName, honeypotFieldName } from "./contact-fields.ts";
import { contactFormLimits, contactFormSchema, isHoneypotFilled } from "./contact-form.ts";
import { firstErrorText } from "./function-result.ts";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+1 555 0100",
  business_name: "Analytical Markets",
  website: "https://markets.example/fall",
  message: "Hello,\r\nwe run a flea market.\n\tThanks!",
};

function errorOf(payload: unknown): string | null {
  const result = contactFormSchema.safeParse(payload);
  return result.success ? null : firstErrorText(result.error);
}

describe("contactFormSchema", () => {
  it("accepts the documented payload, trims it, keeps line breaks in the message", () => {
    const form = contactFormSchema.parse({ ...valid, name: "  Ada Lovelace  " });
    expect(form).toEqual({
      ...valid,
      message: "Hello,\r\nwe run a flea market.\n\tThanks!",
      session_id: null,
      [honeypotFieldName]: null,
      [formTokenFieldName]: null,
    });
    expect(isHoneypotFilled(form)).toBe(false);
  });

  it("treats absent, null and blank optional fields as not given", () => {
    const form = contactFormSchema.parse({
      name: "Ada",
      email: "ada@example.com",
      message: "Hi",
      phone: "",
      business_name: null,
      website: "   ",
    });
    expect(form).toMatchObject({ phone: null, business_name: null, website: null });
  });

  it("accepts every field at its length limit and refuses one character more", () => {
    for (const [field, max] of Object.entries(contactFormLimits)) {
      const atLimit =
        field === "email"
          ? `${"a".repeat(max - "@example.com".length)}@example.com`
          : field === "website"
            ? `https://x.example/${"a".repeat(max - "https://x.example/".length)}`
            : "a".repeat(max);
      expect(errorOf({ ...valid, [field]: atLimit }), field).toBeNull();
      expect(errorOf({ ...valid, [field]: `${atLimit}a` })).toBe(
        `${field} must be at most ${max} characters`,
      );
    }
  });

  it.each([
    [{ ...valid, name: undefined }, "name is required"],
    [{ ...valid, email: null }, "email is required"],
    [{ ...valid, message: " \n\t " }, "message is required"],
    [{ ...valid, name: 42 }, "name must be a string"],
    [{ ...valid, phone: 5550100 }, "phone must be a string"],
    [
      { ...valid, name: "Ada\r\nBcc: victim@example.com" },
      expect.stringMatching(/^name must be a single line/),
    ],
    [
      { ...valid, business_name: "A\u0000B" },
      expect.stringMatching(/^business_name must be a single line/),
    ],
    [{ ...valid, message: "nul \u0000 byte" }, "message must not contain NUL characters"],
    [{ ...valid, name: "half \ud800 pair" }, "name must be valid Unicode text"],
    [{ ...valid, email: "ada@" }, "email must be a valid email address"],
    [{ ...valid, email: "ada example.com" }, "email must be a valid email address"],
    [
      { ...valid, website: "javascript:alert(1)" },
      "website must be an absolute http:// or https:// URL",
    ],
    [
      { ...valid, website: "data:text/html,<script>alert(1)</script>" },
      "website must be an absolute http:// or https:// URL",
    ],
    [
      { ...valid, website: "ftp://files.example" },
      "website must be an absolute http:// or https:// URL",
    ],
    [{ ...valid, website: "markets" }, "website must be an absolute http:// or https:// URL"],
    [
      { ...valid, website: "ada@www.example.com" },
      "website must be an absolute http:// or https:// URL",
    ],
    [
      { ...valid, website: "http://trusted.example@evil.example/" },
      "website must not contain a user name or password (as in http://name@host/)",
    ],
    [
      { ...valid, website: "https://user:secret@markets.example/" },
      "website must not contain a user name or password (as in http://name@host/)",
    ],
    [{ ...valid, session_id: "123" }, "session_id must be a UUID"],
    [{ ...valid, businessName: "camel" }, "Unknown field: businessName"],
    [{ ...valid, a: 1, b: 2 }, "Unknown fields: a, b"],
    [[valid], "Request body must be a JSON object"],
    ["name=Ada", "Request body must be a JSON object"],
    [null, "Request body must be a JSON object"],
  ])("refuses %j with %s", (payload, error) => {
    expect(errorOf(payload)).toEqual(error);
  });

  it("names an unknown field before a field error, and cuts a very long key", () => {
    expect(errorOf({ name: "", [`x${"y".repeat(200)}`]: 1 })).toMatch(/^Unknown field: xy{63}…$/);
  });

  it("lower-cases the session id and flags a filled honeypot", () => {
    const form = contactFormSchema.parse({
      ...valid,
      session_id: "8D4A1F0E-6B3C-4E21-9A7F-2C5D8E9F0A1B",
      [honeypotFieldName]: "buy now",
    });
    expect(form.session_id).toBe("8d4a1f0e-6b3c-4e21-9a7f-2c5d8e9f0a1b");
    expect(isHoneypotFilled(form)).toBe(true);
  });
});
