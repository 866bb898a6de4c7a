// The e-mail a contact message becomes: subject with the sender's name and business (one line, whatever the
// stored text holds), Reply-To the sender, a plain-text and an HTML body with every field escaped, the sender's
// tracked session when known, a link to the message in the admin console, and a Message-ID derived from the
// message id (a second delivery of the same message carries the same one).
import type { SendMailOptions } from "nodemailer";
import { z } from "zod";
import { isHttpUrl } from "../../contracts/fields.ts";
import type { OutboxMessage } from "../db/repositories/contact-messages/index.ts";

export interface ContactMailSettings {
  /** MAIL_FROM: the sender of every message (and the domain of its Message-ID). */
  from: string;
  /** MAIL_TO: the team's mailbox(es). */
  to: readonly string[];
  /** Origin of the admin console links (SITE_URL). */
  siteUrl: string;
}

/** Display name of the From address. */
export const fromName = "Website contact form";

const maxSubjectPartLength = 80;

/**
 * Control characters (C0, DEL, C1), line and paragraph separators and bidirectional overrides become spaces;
 * runs of white space become one space. What is left cannot end a header line or reorder one.
 */
export function singleLine(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const unsafe =
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x200e ||
      code === 0x200f ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    out += unsafe ? " " : character;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** The text cut to `max` characters, ending in an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * What the sender typed, made fit for a header: one line of at most `max` characters, and no `=?` left, so no
 * mail client can read an RFC 2047 encoded word in it (one holding a right-to-left override, say).
 */
function headerText(text: string, max: number): string {
  return shorten(singleLine(text).replaceAll("=?", "= ?"), max);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The stable Message-ID of a contact message's e-mail: `<contact.<id>@<MAIL_FROM's domain>>`. */
export function contactMessageId(messageId: string, from: string): string {
  const domain = from.slice(from.lastIndexOf("@") + 1);
  return `<contact.${messageId}@${domain}>`;
}

export function adminMessageUrl(siteUrl: string, messageId: string): string {
  return `${siteUrl}/admin/messages/${encodeURIComponent(messageId)}`;
}

export function contactSubject(message: Pick<OutboxMessage, "name" | "businessName">): string {
  const name = headerText(message.name, maxSubjectPartLength) || "(no name)";
  const business = message.businessName
    ? headerText(message.businessName, maxSubjectPartLength)
    : "";
  return `Contact form: ${name}${business ? ` (${business})` : ""}`;
}

/** `2026-03-01 12:00:05 UTC` */
function formatTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

interface Field {
  label: string;
  text: string;
  /** An http(s) URL the HTML body links to. */
  href?: string;
}

function fieldsOf(message: OutboxMessage): Field[] {
  const fields: Field[] = [
    { label: "Name", text: message.name },
    { label: "Email", text: message.email },
  ];
  if (message.phone) fields.push({ label: "Phone", text: message.phone });
  if (message.businessName) fields.push({ label: "Business", text: message.businessName });
  if (message.website) {
    fields.push({
      label: "Website",
      text: message.website,
      ...(isHttpUrl(message.website) ? { href: message.website } : {}),
    });
  }
  fields.push({ label: "Received", text: formatTime(message.createdAt) });
  const session = message.session;
  if (session) {
    fields.push({ label: "Landing page", text: session.landingPath });
    fields.push({
      label: "Came from",
      text: session.referrerHost ? `${session.source} (${session.referrerHost})` : session.source,
    });
    const utm = Object.entries(session.utm).map(([key, value]) => `utm_${key}=${value}`);
    if (utm.length > 0) fields.push({ label: "Campaign", text: utm.join(", ") });
  } else {
    fields.push({ label: "Came from", text: "unknown (no tracked session)" });
  }
  return fields;
}

function textBody(message: OutboxMessage, fields: Field[], adminUrl: string): string {
  const width = Math.max(...fields.map((field) => field.label.length)) + 2;
  const lines = [
    "New message from the contact form.",
    "",
    ...fields.map((field) => `${`${field.label}:`.padEnd(width)}${singleLine(field.text)}`),
    "",
    "Message:",
    "",
    message.message,
    "",
    "--",
    `Open it in the admin console: ${adminUrl}`,
    "Reply to this e-mail to answer the sender.",
    "",
  ];
  return lines.join("\n");
}

function htmlBody(message: OutboxMessage, fields: Field[], adminUrl: string): string {
  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const rows = fields
    .map((field) => {
      const value = escapeHtml(singleLine(field.text));
      const shown = field.href ? `<a href="${escapeHtml(field.href)}">${value}</a>` : value;
      return `<tr><th style="${cell};color:#555;font-weight:600">${escapeHtml(field.label)}</th><td style="${cell}">${shown}</td></tr>`;
    })
    .join("\n");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><title>New contact message</title></head>',
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#111">',
    '<h1 style="font-size:18px;margin:0 0 12px">New message from the contact form</h1>',
    `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>`,
    '<h2 style="font-size:16px;margin:20px 0 8px">Message</h2>',
    `<div style="white-space:pre-wrap;border-left:3px solid #ddd;padding-left:12px">${escapeHtml(message.message)}</div>`,
    `<p style="margin-top:24px"><a href="${escapeHtml(adminUrl)}">Open it in the admin console</a> · Reply to this e-mail to answer the sender.</p>`,
    "</body></html>",
    "",
  ].join("\n");
}

/** The nodemailer message of a contact message. */
export function composeContactMail(
  message: OutboxMessage,
  settings: ContactMailSettings,
): SendMailOptions {
  const fields = fieldsOf(message);
  const adminUrl = adminMessageUrl(settings.siteUrl, message.id);
  // The stored address passed the contract's check; it is used only if it still is one plain address.
  const replyTo = z.email().safeParse(message.email).success
    ? { name: headerText(message.name, 100), address: message.email }
    : undefined;
  return {
    from: { name: fromName, address: settings.from },
    to: [...settings.to],
    // The envelope is ours alone: nothing in a header can add a recipient.
    envelope: { from: settings.from, to: [...settings.to] },
    ...(replyTo ? { replyTo } : {}),
    subject: contactSubject(message),
    messageId: contactMessageId(message.id, settings.from),
    date: message.createdAt,
    text: textBody(message, fields, adminUrl),
    html: htmlBody(message, fields, adminUrl),
    // No tracking pixels or remote content: links are plain anchors.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
