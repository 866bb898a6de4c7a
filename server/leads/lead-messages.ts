// What each lead delivery sends: the signed "contact.created" event, the Slack message of the same event, and the
// acknowledgement e-mail to the sender, which repeats nothing the sender typed (neither name nor message), so it
// can never carry a stranger's words to someone else's mailbox.
import type { SendMailOptions } from "nodemailer";
import { Webhook } from "standardwebhooks";
import { brandName } from "../../contracts/brand.ts";
import { type ContactCreatedEvent, contactCreatedType } from "../../contracts/lead-webhook.ts";
import { replyWithinHours } from "../../contracts/reply-promise.ts";
import type { OutboxMessage } from "../db/repositories/contact-messages/index.ts";
import { adminMessageUrl, escapeHtml, shorten, singleLine } from "../mail/contact-mail.ts";

export function contactCreatedEvent(message: OutboxMessage, siteUrl: string): ContactCreatedEvent {
  const receivedAt = message.createdAt.toISOString();
  return {
    type: contactCreatedType,
    timestamp: receivedAt,
    data: {
      id: message.id,
      receivedAt,
      name: message.name,
      email: message.email,
      phone: message.phone,
      businessName: message.businessName,
      website: message.website,
      message: message.message,
      attribution: message.session
        ? {
            landingPath: message.session.landingPath,
            source: message.session.source,
            referrerHost: message.session.referrerHost,
            utm: message.session.utm,
          }
        : null,
      consoleUrl: adminMessageUrl(siteUrl, message.id),
    },
  };
}

/** The Standard Webhooks headers of a body sent at `at` (seconds in the signature, as the specification says). */
export function signedHeaders(
  secret: string,
  webhookId: string,
  at: number,
  body: string,
): Record<string, string> {
  const timestamp = new Date(Math.floor(at / 1000) * 1000);
  return {
    "webhook-id": webhookId,
    "webhook-timestamp": String(timestamp.getTime() / 1000),
    "webhook-signature": new Webhook(secret).sign(webhookId, timestamp, body),
  };
}

/** Slack's mrkdwn: only &, < and > are special. */
const slackText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The event as a Slack message: who, what, where they came from, and the link to the console. */
export function slackMessage(event: ContactCreatedEvent): object {
  const { data } = event;
  const who = [data.name, data.businessName].filter(Boolean).map((part) => slackText(String(part)));
  const fields = [
    `*E-mail*\n${slackText(data.email)}`,
    ...(data.phone ? [`*Phone*\n${slackText(data.phone)}`] : []),
    ...(data.website ? [`*Website*\n${slackText(data.website)}`] : []),
    ...(data.attribution
      ? [
          `*Came from*\n${slackText(data.attribution.referrerHost ?? data.attribution.source)} → ${slackText(data.attribution.landingPath)}`,
        ]
      : []),
  ];
  const title = `New contact message from ${who.join(", ")}`;
  return {
    text: title,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${title}*` } },
      { type: "section", fields: fields.map((text) => ({ type: "mrkdwn", text })) },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `>${slackText(shorten(data.message, 2_900)).replaceAll("\n", "\n>")}`,
        },
      },
      {
        type: "context",
        elements: [{ type: "mrkdwn", text: `<${data.consoleUrl}|Open it in the console>` }],
      },
    ],
  };
}

export const acknowledgementTexts = {
  subject: `We received your message: ${brandName}`,
  lines: [
    `Thank you for contacting ${brandName}.`,
    "Your message arrived safely and is with our team.",
    `We'll get back to you within ${replyWithinHours} hours.`,
  ],
  footer: "This is an automatic confirmation; there is no need to answer it.",
} as const;

/** The acknowledgement to the sender of message `messageId`, at the address they gave. */
export function acknowledgementMail(
  messageId: string,
  to: string,
  settings: { from: string },
): SendMailOptions {
  const domain = settings.from.slice(settings.from.lastIndexOf("@") + 1);
  const address = singleLine(to);
  const { lines, footer } = acknowledgementTexts;
  return {
    from: { name: brandName, address: settings.from },
    to: address,
    // The envelope names the sender alone: nothing else can add a recipient.
    envelope: { from: settings.from, to: [address] },
    subject: acknowledgementTexts.subject,
    messageId: `<ack.${messageId}@${domain}>`,
    headers: { "Auto-Submitted": "auto-replied" },
    text: [...lines, "", footer, ""].join("\n"),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><small>${escapeHtml(footer)}</small></p>`,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
