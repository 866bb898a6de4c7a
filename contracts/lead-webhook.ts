// The event a webhook receiver gets for each new contact message that is not spam (ADR 34): the Standard Webhooks
// envelope (type, timestamp, data) around the message, its visit's attribution and its page in the console.
import { z } from "zod";
import { referrerSources } from "./admin-api.ts";

export const contactCreatedType = "contact.created";

export const contactCreatedEventSchema = z.strictObject({
  type: z.literal(contactCreatedType),
  /** When the message arrived (the same on every attempt). */
  timestamp: z.iso.datetime(),
  data: z.strictObject({
    id: z.uuid(),
    receivedAt: z.iso.datetime(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    businessName: z.string().nullable(),
    website: z.string().nullable(),
    message: z.string(),
    /** The sender's tracked visit: where they landed and came from; null without one. */
    attribution: z
      .strictObject({
        landingPath: z.string(),
        /** The visit's channel (GA4's default channel groups, and "ai"). */
        source: z.enum(referrerSources),
        referrerHost: z.string().nullable(),
        utm: z.partialRecord(
          z.enum(["source", "medium", "campaign", "term", "content"]),
          z.string(),
        ),
      })
      .nullable(),
    /** The message in the admin console. */
    consoleUrl: z.url(),
  }),
});

export type ContactCreatedEvent = z.infer<typeof contactCreatedEventSchema>;
