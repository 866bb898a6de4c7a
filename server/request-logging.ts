// How requests are logged: one access line per request, under an id unique across instances.
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** The key of the request id in every line about a request (Fastify's default). */
const requestIdKey = "reqId";

/**
 * One access line per request instead of Fastify's two ("incoming request", "request completed"), and without
 * the client's address: the database never holds it raw either. The path is logged without its query string, which
 * can hold what a visitor typed (a search for a sender's address) or a token (the contact form's retry). Written by
 * the server's logger with the request id as a field, so no per-request logger is made for it.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      [requestIdKey]: request.id,
      method: request.method,
      url: request.url.split("?", 1)[0],
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.server.log.error({ ...line, err: error }, "request errored");
    else request.server.log.info(line, "request");
  }
}

/** An id a proxy may hand over (nginx's $request_id is 32 hex digits): short, and nothing a log line could trip on. */
const saneRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the proxy's X-Request-Id when it is a sane value, so the proxy's log and the server's share it;
 * else a random UUID, unique across instances (Fastify's default counts from req-1 in every process). The answer
 * carries it back in X-Request-Id.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && saneRequestId.test(given) ? given : randomUUID();
}
