import { describe, expect, it } from "vitest";
import { contactFormSchema } from "./contact-form.ts";
import { contactErrorSentence, contactFieldErrors } from "./contact-form-messages.ts";
import { firstErrorText } from "./function-result.ts";

const valid = { name: "Ada", email: "ada@example.com", message: "Hello" };

/** What the visitor reads for a payload: each refused field's sentence. */
function sentences(payload: Record<string, unknown>) {
  const result = contactFormSchema.safeParse(payload);
  return result.success ? {} : contactFieldErrors(result.error.issues);
}

describe("the contact form's errors in people's words", () => {
  it("says what to do for every field the form can refuse", () => {
    expect(sentences({ name: " ", email: "", message: "" })).toEqual({
      name: "Enter your name",
      email: "Enter your e-mail address",
      message: "Enter your message",
    });
    expect(
      sentences({
        ...valid,
        email: "ada@",
        website: "ftp://files.example",
        phone: "555\n0100",
        business_name: "b".repeat(201),
      }),
    ).toEqual({
      email: "Enter an e-mail address like name@example.com",
      website: "Enter a website address like www.example.com",
      phone: "Write the phone number on one line",
      business_name: "Keep the business name under 200 characters",
    });
    expect(sentences({ ...valid, message: "m".repeat(5001) })).toEqual({
      message: "Keep the message under 5,000 characters",
    });
    expect(sentences({ ...valid, website: "https://user:pw@sundayflea.com/" })).toEqual({
      website: "Enter the website address without a user name or password",
    });
  });

  it("reads a function's JSON error text, which stays as it is, into the same sentence", () => {
    const result = contactFormSchema.safeParse({ ...valid, email: "ada@" });
    if (result.success) throw new Error("accepted");
    const text = firstErrorText(result.error);
    expect(text).toBe("email must be a valid email address");
    expect(contactErrorSentence("email", text)).toBe(
      "Enter an e-mail address like name@example.com",
    );
  });

  it("accepts a website as people type it, as the https address they mean", () => {
    const website = (typed: string) =>
      contactFormSchema.parse({ ...valid, website: typed }).website;
    expect(website("www.sundayflea.com")).toBe("https://www.sundayflea.com");
    expect(website(" sundayflea.com/market ")).toBe("https://sundayflea.com/market");
    expect(website("sundayflea.com:8080")).toBe("https://sundayflea.com:8080");
    expect(website("http://sundayflea.com")).toBe("http://sundayflea.com");
    expect(sentences({ ...valid, website: "javascript:alert(1)" })).toEqual({
      website: "Enter a website address like www.example.com",
    });
  });
});
