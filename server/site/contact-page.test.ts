import { describe, expect, it } from "vitest";
import { contactPageAfterPost, formStatusMarker } from "./contact-page.ts";
import { FormFlashStore } from "./form-flash.ts";

const page = `<main>${formStatusMarker}<form><input value="" id="a" name="name" required=""/><input id="b" type="email" name="email"/><input type="text" name="extra_comments" tabindex="-1"/><textarea id="c" name="message" rows="5"></textarea></form></main>`;

describe("contactPageAfterPost", () => {
  it("shows the confirmation in the status area", () => {
    const html = contactPageAfterPost(page, { sent: true });
    expect(html).toContain('data-form-status="success" role="status"');
    expect(html).toContain(
      "Message Sent Successfully! Thank you for contacting us! We&#39;ll get back to you within 24 hours",
    );
  });

  it("puts every kept value back, escaped, and marks the field the error names", () => {
    const html = contactPageAfterPost(page, {
      flash: {
        values: {
          name: 'Ada "<b>"',
          email: "bad",
          message: "</textarea><script>alert(1)</script>",
        },
        error: "email must be a valid email address",
        field: "email",
      },
    });
    expect(html).toContain(
      '<input id="a" name="name" required="" value="Ada &quot;&lt;b&gt;&quot;">',
    );
    expect(html).toContain(
      '<input aria-invalid="true" id="b" type="email" name="email" value="bad">',
    );
    expect(html).toContain("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain('role="alert"');
    expect(html).toContain("email must be a valid email address");
    expect(html).toMatch(/name="extra_comments" tabindex="-1"\/>/);
  });
});

describe("FormFlashStore", () => {
  it("gives a post back once, and not after it expires", () => {
    let now = 0;
    const store = new FormFlashStore({ ttlMs: 1000, now: () => now });
    const token = store.put({ values: { name: "A" }, error: "x" });
    expect(store.take(token)?.values.name).toBe("A");
    expect(store.take(token)).toBeUndefined();
    const late = store.put({ values: {}, error: "y" });
    now = 1001;
    expect(store.take(late)).toBeUndefined();
  });

  it("forgets the oldest posts beyond its capacity", () => {
    const store = new FormFlashStore({ maxEntries: 2 });
    const first = store.put({ values: {}, error: "1" });
    store.put({ values: {}, error: "2" });
    store.put({ values: {}, error: "3" });
    expect(store.take(first)).toBeUndefined();
  });
});
