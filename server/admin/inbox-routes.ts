// The inbox: the contact messages newest first (keyset pages; filters by status and by e-mail state), one
// message with its e-mail delivery and its sender's tracked visit, and sending a failed e-mail again.
import type { FastifyInstance } from "fastify";
import { adminErrors, type InboxPage, type MessageDetail } from "../../contracts/admin-api.ts";
import {
  encodeInboxCursor,
  inboxQuerySchema,
  messageIdSchema,
} from "../../contracts/admin-requests.ts";
import { firstErrorText } from "../../contracts/function-result.ts";
import { sendAdminError } from "./http.ts";

const defaultPageSize = 25;

export default async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const inbox = app.repositories.adminInbox;

  const detail = async (id: string): Promise<MessageDetail | null> => {
    const found = await inbox.detail(id);
    return found ? { ...found, mailDeliveryOn: app.mailer.enabled } : null;
  };

  app.get("/messages", async (request, reply) => {
    const parsed = inboxQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
    const query = parsed.data;
    const [{ messages, more }, failedMailCount] = await Promise.all([
      inbox.list({
        status: query.status,
        mail: query.mail,
        after: query.cursor,
        limit: query.limit ?? defaultPageSize,
      }),
      inbox.failedMailCount(),
    ]);
    const last = messages.at(-1);
    const page: InboxPage = {
      messages,
      nextCursor: more && last ? encodeInboxCursor(last.receivedAt, last.id) : null,
      failedMailCount,
    };
    return page;
  });

  app.get("/messages/:id", async (request, reply) => {
    const parsed = messageIdSchema.safeParse(request.params);
    if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
    const message = await detail(parsed.data.id);
    if (!message) return sendAdminError(reply, 404, adminErrors.messageNotFound);
    return message;
  });

  app.post("/messages/:id/retry-mail", async (request, reply) => {
    const parsed = messageIdSchema.safeParse(request.params);
    if (!parsed.success) return sendAdminError(reply, 400, firstErrorText(parsed.error));
    const { id } = parsed.data;
    const before = await inbox.detail(id);
    if (!before) return sendAdminError(reply, 404, adminErrors.messageNotFound);
    if (!app.mailer.enabled) return sendAdminError(reply, 409, adminErrors.mailOff);
    if (!(await inbox.retryMail(id, Date.now()))) {
      return sendAdminError(reply, 409, adminErrors.notFailed);
    }
    request.log.info({ messageId: id }, "admin: failed e-mail put back in the outbox");
    app.consoleEvents.messageChanged(id);
    app.mailer.wake();
    return detail(id);
  });
}
