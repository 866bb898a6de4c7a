// Fastify's own answers, given before any route or hook runs: a URL it cannot decode (frameworkErrors) and a
// request Node's parser refused (clientErrorHandler: 400, 408, 431). Each carries the security headers and a
// fixed text; none echoes the path or the parser's message.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type FunctionResult, requestErrors } from "../contracts/function-result.ts";
import { frameworkAnswerHeaders } from "./plugins/security-headers.ts";

/** Fastify's frameworkErrors option: a bad URL (or path parameter) is a 400 with a fixed text. */
export function frameworkErrors(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: FunctionResult = { success: false, error: requestErrors.badRequest };
  reply.headers(frameworkAnswerHeaders).code(400).send(body);
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, requestErrors.timeout];
  if (code === "HPE_HEADER_OVERFLOW") return [431, requestErrors.headersTooLarge];
  return [400, requestErrors.badRequest];
}

const rawHeaderLines = Object.entries(frameworkAnswerHeaders)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/** Fastify's clientErrorHandler option: written straight to the socket, then the socket is closed. */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, text] = clientErrorAnswer(error.code);
  this.log.trace({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({ success: false, error: text } satisfies FunctionResult);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\n${rawHeaderLines}\r\n${body}`,
    );
  }
  socket.destroy(error);
}
