// The contact_messages table's one repository: a message stored from the form, read by the console's inbox,
// changed by the team's triage, and read back by the outbox's handlers. Its parts are in this folder.
import type { AppDatabase } from "../../database.ts";
import { type MessageInbox, messageInbox } from "./inbox.ts";
import { type MessageStore, messageStore } from "./store.ts";
import { type MessageTriage, messageTriage } from "./triage.ts";

export { type DeliveryPlan, hasDeliveries, leadKinds, noDeliveries } from "./deliveries.ts";
export type { InboxExportRow, InboxFilter } from "./inbox.ts";
export {
  duplicateWindowMs,
  type NewContactMessage,
  type OutboxMessage,
  type SubmitOptions,
  type SubmitResult,
} from "./store.ts";
export type { Outcome } from "./triage.ts";

export type ContactMessagesRepository = MessageStore & MessageInbox & MessageTriage;

export function contactMessagesRepository(
  database: AppDatabase,
  now: () => number = Date.now,
  timeZone = "UTC",
): ContactMessagesRepository {
  return {
    ...messageStore(database, now, timeZone),
    ...messageInbox(database),
    ...messageTriage(database, timeZone),
  };
}
