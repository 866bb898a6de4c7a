// The inbox: the contact messages newest first (keyset pages; search and filters), the same view as CSV, one
// message with its e-mail delivery and its sender's tracked visit, and the team's actions on a message: read or
// unread, handled, spam or not spam, sending a failed e-mail again, and erasure. Every change is announced on the
// console's live stream and goes into the audit record with who did it; a message's history reads that record.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminErrors,
  type InboxPage,
  type LeadDelivery,
  type MessageAction,
  type MessageDetail,
} from "../../contracts/admin-api.ts";
import {
  encodeInboxCursor,
  type InboxQuery,
  inboxQuerySchema,
  messageActionSchema,
  messageIdSchema,
} from "../../contracts/admin-requests.ts";
import type { AuditEntry } from "../../contracts/team.ts";
import {
  type InboxFilter,
  leadKinds,
  type Outcome,
} from "../db/repositories/contact-messages/index.ts";
import type { OutboxRow } from "../db/repositories/outbox.ts";
import { auditEntry, recordAction } from "./audit.ts";
import { sendCsv, toCsv } from "./csv.ts";
import { sendAdminError } from "./http.ts";

const pageSize = 50;

const csvHeader = [
  "Received (UTC)",
  "Name",
  "E-mail",
  "Phone",
  "Business",
  "Website",
  "Message",
  "Spam",
  "Read",
  "Handled",
  "E-mail delivery",
  "Source",
  "Landing page",
  "Campaign",
];

function filterOf(query: InboxQuery): Omit<InboxFilter, "after" | "limit"> {
  return {
    status: query.status,
    mail: query.mail,
    state: query.state,
    search: query.q,
    source: query.source,
    landingPath: query.landing,
  };
}

export default async function inboxRoutes(plainApp: FastifyInstance): Promise<void> {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const repository = app.repositories.contactMessages;

  const detail = async (id: string): Promise<MessageDetail | null> => {
    const [found, deliveries] = await Promise.all([
      repository.detail(id),
      app.repositories.outbox.ofSubject(id, leadKinds),
    ]);
    return found
      ? { ...found, mailDeliveryOn: app.mailer.enabled, deliveries: deliveries.map(leadDelivery) }
      : null;
  };

  app.get(
    "/messages",
    { schema: { querystring: inboxQuerySchema }, config: { report: "search" } },
    async (request) => {
      const query = request.query;
      const [{ messages, more }, failedMailCount, unreadCount] = await Promise.all([
        repository.list({
          ...filterOf(query),
          after: query.cursor,
          limit: query.limit ?? pageSize,
        }),
        repository.failedMailCount(),
        repository.unreadCount(),
      ]);
      const last = messages.at(-1);
      const page: InboxPage = {
        messages,
        nextCursor: more && last ? encodeInboxCursor(last.receivedAt, last.id) : null,
        failedMailCount,
        unreadCount,
      };
      return page;
    },
  );

  app.get(
    "/messages.csv",
    { schema: { querystring: inboxQuerySchema }, config: { report: true } },
    async (request, reply) => {
      const rows = await repository.exportAll(filterOf(request.query));
      const csv = toCsv(
        csvHeader,
        rows.map((row) => [
          row.receivedAt,
          row.name,
          row.email,
          row.phone,
          row.businessName,
          row.website,
          row.message,
          row.status === "spam" ? "yes" : "no",
          row.read ? "yes" : "no",
          row.handled ? "yes" : "no",
          row.mail,
          row.source,
          row.landingPath,
          row.campaign,
        ]),
      );
      return sendCsv(reply, `boothpilot-inbox-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    },
  );

  app.get(
    "/messages/:id/history",
    { schema: { params: messageIdSchema } },
    async (request): Promise<AuditEntry[]> =>
      (await app.repositories.adminAudit.forMessage(request.params.id)).map(auditEntry),
  );

  app.get("/messages/:id", { schema: { params: messageIdSchema } }, async (request, reply) => {
    const message = await detail(request.params.id);
    if (!message) return sendAdminError(reply, 404, adminErrors.messageNotFound);
    return message;
  });

  const act = (id: string, action: MessageAction, at: number): Promise<Outcome> => {
    switch (action) {
      case "read":
      case "unread":
        return repository.setRead(id, action === "read", at);
      case "handled":
      case "unhandled":
        return repository.setHandled(id, action === "handled", at);
      case "spam":
      case "not-spam":
        return repository.setSpam(id, action === "spam", at, app.mailer.enabled, app.leads.plan);
    }
  };

  // An action the console does not know is no such resource: 404, not 400.
  const actionRoute = {
    schema: { params: messageActionSchema },
    config: { invalidStatus: 404, permission: "triage" as const },
  };
  app.post("/messages/:id/:action", actionRoute, async (request, reply) => {
    const { id, action } = request.params;
    const outcome = await act(id, action, Date.now());
    if (outcome === "missing") return sendAdminError(reply, 404, adminErrors.messageNotFound);
    // Only a change is announced: opening a read message again must not reload every open console.
    if (outcome === "changed") {
      request.log.info({ messageId: id, action }, "admin: message updated");
      await recordAction(request, action, { messageId: id });
      app.consoleEvents.messageChanged(id);
      if (action === "not-spam") {
        app.outbox.wake();
      }
    }
    return detail(id);
  });

  const triageOne = {
    schema: { params: messageIdSchema },
    config: { permission: "triage" as const },
  };
  app.delete("/messages/:id", triageOne, async (request, reply) => {
    const { id } = request.params;
    if (!(await repository.erase(id)))
      return sendAdminError(reply, 404, adminErrors.messageNotFound);
    // The record of an erasure: which message and when, never what it said or who sent it.
    request.log.info({ messageId: id }, "admin: message erased");
    await recordAction(request, "delete", { messageId: id });
    app.consoleEvents.messageChanged(id);
    return reply.code(204).send();
  });

  app.post("/messages/:id/retry-mail", triageOne, async (request, reply) => {
    const { id } = request.params;
    const before = await repository.detail(id);
    if (!before) return sendAdminError(reply, 404, adminErrors.messageNotFound);
    if (!app.mailer.enabled) return sendAdminError(reply, 409, adminErrors.mailOff);
    if (!(await repository.retryMail(id, Date.now()))) {
      return sendAdminError(reply, 409, adminErrors.notFailed);
    }
    request.log.info({ messageId: id }, "admin: failed e-mail put back in the outbox");
    await recordAction(request, "resend", { messageId: id });
    app.consoleEvents.messageChanged(id);
    app.outbox.wake();
    return detail(id);
  });

  app.post("/messages/:id/retry-deliveries", triageOne, async (request, reply) => {
    const { id } = request.params;
    const before = await repository.detail(id);
    if (!before) return sendAdminError(reply, 404, adminErrors.messageNotFound);
    if ((await app.repositories.outbox.retryFailed(id, leadKinds, Date.now())) === 0) {
      return sendAdminError(reply, 409, adminErrors.noFailedDeliveries);
    }
    request.log.info({ messageId: id }, "admin: failed deliveries put back in the outbox");
    await recordAction(request, "resend", { messageId: id });
    app.consoleEvents.messageChanged(id);
    app.outbox.wake();
    return detail(id);
  });
}

const isoOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** A delivery as the console shows it: a URL's host only (its path may hold the receiver's secret). */
function leadDelivery(row: OutboxRow): LeadDelivery {
  const channel = row.kind as LeadDelivery["channel"];
  const receiver =
    channel === "ack" ? row.receiver : channel === "slack" ? "Slack" : new URL(row.receiver).host;
  return {
    channel,
    receiver,
    status: row.status,
    attempts: row.attempts,
    lastAttemptAt: isoOrNull(row.lastAttemptAt),
    lastError: row.lastError,
    lastErrorKind: row.lastErrorKind,
    sentAt: isoOrNull(row.sentAt),
    failedAt: isoOrNull(row.failedAt),
  };
}
