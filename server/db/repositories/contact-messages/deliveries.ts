// What a contact message sets off besides the team's e-mail (ADR 34): its webhooks, its Slack message and the
// acknowledgement to its sender, queued in the outbox in the transaction that stores or un-spams the message.
import type { Executor } from "../../database.ts";
import type { OutboxKind } from "../../schema.ts";
import type { LeadSendersRepository } from "../lead-senders.ts";
import type { OutboxRepository } from "../outbox.ts";

/** Where a message that is not spam goes besides the team's e-mail, as configured. */
export interface DeliveryPlan {
  webhooks: readonly string[];
  slack: string | null;
  /** The sender gets an acknowledgement (SMTP on, ACK_EMAIL not off). */
  acknowledge: boolean;
}

export const noDeliveries: DeliveryPlan = { webhooks: [], slack: null, acknowledge: false };

export const hasDeliveries = (plan: DeliveryPlan) =>
  plan.webhooks.length > 0 || plan.slack !== null || plan.acknowledge;

/** The kinds a lead's deliveries have (besides the team's e-mail). */
export const leadKinds: readonly OutboxKind[] = ["webhook", "slack", "ack"];

/** The team's e-mail of a message: one per message, ever (its key). */
export const contactMail = (id: string) => ({
  kind: "contact-mail" as const,
  key: `contact-mail:${id}`,
  subjectId: id,
});

/** Queues a message's deliveries by the plan; the acknowledgement only if the address had none in the last day. */
export async function queueDeliveries(
  repositories: { outbox: OutboxRepository; senders: LeadSendersRepository },
  message: { id: string; email: string },
  plan: DeliveryPlan,
  at: number,
  trx: Executor,
): Promise<void> {
  const receivers: [OutboxKind, string][] = [
    ...plan.webhooks.map((url): [OutboxKind, string] => ["webhook", url]),
    ...(plan.slack ? [["slack", plan.slack] as [OutboxKind, string]] : []),
  ];
  if (
    plan.acknowledge &&
    (await repositories.senders.claimAcknowledgement(message.email, at, trx))
  ) {
    receivers.push(["ack", message.email.trim().toLowerCase()]);
  }
  const work = receivers.map(([kind, receiver]) => ({
    kind,
    key: `${kind}:${message.id}:${receiver}`,
    subjectId: message.id,
    payload: { receiver },
  }));
  await repositories.outbox.enqueue(work, at, trx);
}
