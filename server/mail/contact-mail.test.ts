// The team's e-mail of a contact message as composed: its headers, both bodies, and the helpers that build them.
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { OutboxMessage } from "../db/repositories/contact-messages/index.ts";
import { expectInBothBodies, readMail } from "../test/mime.ts";
import {
  adminMessageUrl,
  composeContactMail,
  contactMessageId,
  contactSubject,
  escapeHtml,
  singleLine,
} from "./contact-mail.ts";

const settings = {
  from: "web@boothpilot.example",
  to: ["team@boothpilot.example", "sales@boothpilot.example"],
  siteUrl: "https://www.boothpilot.example",
};

const message: OutboxMessage = {
  id: "0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d",
  createdAt: new Date("2026-03-01T12:00:05.000Z"),
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+1 555 0100",
  businessName: "Analytical Markets",
  website: "https://markets.example/fall",
  message: "Hello,\nwe run a flea market of 120 booths.",
  session: {
    landingPath: "/event-types/flea-markets",
    source: "organic_search",
    referrerHost: "www.google.com",
    utm: { source: "google", campaign: "fall" },
  },
};

/** The message as nodemailer writes it to the wire. */
async function render(mail: OutboxMessage) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(composeContactMail(mail, settings));
  return { raw: (info.message as Buffer).toString("utf8"), envelope: info.envelope };
}

describe("the contact message e-mail", () => {
  it("has the sender in Subject and Reply-To, the team in To, a stable Message-ID and the message's time", async () => {
    const { raw, envelope } = await render(message);
    const mail = readMail(raw);
    expect(mail.header("subject")).toBe("Contact form: Ada Lovelace (Analytical Markets)");
    expect(mail.header("reply-to")).toBe("Ada Lovelace <ada@example.com>");
    expect(mail.header("from")).toBe("Website contact form <web@boothpilot.example>");
    expect(mail.header("to")).toBe("team@boothpilot.example, sales@boothpilot.example");
    expect(mail.header("message-id")).toBe(
      "<contact.0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d@boothpilot.example>",
    );
    expect(new Date(mail.header("date")).toISOString()).toBe("2026-03-01T12:00:05.000Z");
    expect(envelope).toEqual({
      from: "web@boothpilot.example",
      to: ["team@boothpilot.example", "sales@boothpilot.example"],
    });
    // The same message composed again is the same e-mail (a second delivery is recognisable).
    expect(readMail((await render(message)).raw).header("message-id")).toBe(
      mail.header("message-id"),
    );
  });

  it("shows every field, the time, the tracked session and the admin link in both bodies", async () => {
    const mail = readMail((await render(message)).raw);
    const admin =
      "https://www.boothpilot.example/admin/messages/0b7c2a6e-3f4d-4a5b-8c9d-1e2f3a4b5c6d";
    expectInBothBodies(mail, [
      "Ada Lovelace",
      "ada@example.com",
      "+1 555 0100",
      "Analytical Markets",
      "https://markets.example/fall",
      "2026-03-01 12:00:05 UTC",
      "/event-types/flea-markets",
      "search (www.google.com)",
      "utm_source=google, utm_campaign=fall",
      admin,
    ]);
    expect(mail.text).toContain("Message:\n\nHello,\nwe run a flea market of 120 booths.\n");
    expect(mail.html).toContain(`<a href="${admin}">`);
    expect(mail.html).toContain('<a href="https://markets.example/fall">');
  });

  it("says when the sender's session is unknown and leaves out empty fields", async () => {
    const mail = readMail(
      (
        await render({
          ...message,
          session: null,
          phone: null,
          businessName: null,
          website: null,
        })
      ).raw,
    );
    expect(mail.header("subject")).toBe("Contact form: Ada Lovelace");
    expect(mail.text).toContain("unknown (no tracked session)");
    expect(mail.text).not.toMatch(/Phone:|Business:|Website:|Landing page:/);
  });

  it("turns hostile text into one clean message: no header injection, every field escaped", async () => {
    const hostile: OutboxMessage = {
      ...message,
      // Stored rows passed the contract (no CR/LF in single-line fields); the e-mail does not rely on it.
      name: "Eve\r\nBcc: everyone@example.com\r\nX-Injected: yes\u2028<b>bold</b>",
      businessName: "Evil\nCorp\u202e",
      email: "eve@example.com",
      website: "javascript:alert(1)",
      message: `<script>alert("x")</script>\n<img src=x onerror=alert(1)> & 'quotes'\r\nSubject: fake`,
    };
    const { raw, envelope } = await render(hostile);
    const mail = readMail(raw);
    expect(mail.count("bcc")).toBe(0);
    expect(mail.count("x-injected")).toBe(0);
    expect(mail.count("subject")).toBe(1);
    expect(mail.header("subject")).toBe(
      "Contact form: Eve Bcc: everyone@example.com X-Injected: yes <b>bold</b> (Evil Corp)",
    );
    expect(envelope.to).toEqual(settings.to);
    expect(mail.html).not.toMatch(/<script|<img|<b>|href="javascript:/i);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quotes&#39;");
    expect(mail.html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    // The website is shown, not linked: only http(s) URLs become links.
    expect(mail.html).toMatch(/<td [^>]+>javascript:alert\(1\)<\/td>/);
    expect(mail.html).toMatch(/<td [^>]+>Eve Bcc: everyone@example.com X-Injected: yes &lt;b&gt;/);
    // The message body keeps its text verbatim in the plain-text part (a body line is not a header).
    expect(mail.text).toContain('<script>alert("x")</script>');
    expect(mail.text).toContain(
      "Name:         Eve Bcc: everyone@example.com X-Injected: yes <b>bold</b>",
    );
  });

  it("has no Reply-To when the stored address is not one plain address", async () => {
    const mail = readMail(
      (await render({ ...message, email: "a@example.com, b@example.com" })).raw,
    );
    expect(mail.count("reply-to")).toBe(0);
  });
});

describe("helpers", () => {
  it("singleLine removes line breaks, control and direction characters", () => {
    expect(singleLine(" a\r\nb\tc\u0000d\u0085e\u2028f\u202eg  ")).toBe("a b c d e f g");
  });

  it("escapeHtml escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });

  it("shortens long names and businesses in the subject", () => {
    const subject = contactSubject({ name: "n".repeat(200), businessName: "b".repeat(200) });
    expect(subject.length).toBeLessThanOrEqual(180);
    expect(subject).toMatch(/^Contact form: n+… \(b+…\)$/);
  });

  it("derives the Message-ID and the admin link from the message id", () => {
    expect(contactMessageId("abc", "x@mail.example")).toBe("<contact.abc@mail.example>");
    expect(adminMessageUrl("https://site.example", "abc")).toBe(
      "https://site.example/admin/messages/abc",
    );
  });
});
