// Fastify's own answers, given before any route or hook runs: a URL it cannot decode (frameworkErrors) and a
// request Node's parser refused (clientErrorHandler: 400, 408, 431). Each carries the security headers and a
// fixed text; none echoes the path or the parser's message.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type FunctionResult, requestErrors } from "../contracts/function-result.ts";
import { frameworkAnswerHeaders, strictTransportSecurity } from "./plugins/security-headers.ts";

export interface FrameworkAnswers {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void;
}

/** Fastify's frameworkErrors and clientErrorHandler options; `hsts` as in the security-headers plugin. */
export function frameworkAnswers(hsts: boolean): FrameworkAnswers {
  const headers: Record<string, string> = hsts
    ? { ...frameworkAnswerHeaders, "strict-transport-security": strictTransportSecurity }
    : { ...frameworkAnswerHeaders };
  const rawHeaderLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return {
    // A bad URL (or path parameter) is a 400 with a fixed text.
    frameworkErrors(_error, _request, reply) {
      const body: FunctionResult = { success: false, error: requestErrors.badRequest };
      reply.headers(headers).code(400).send(body);
    },
    // Written straight to the socket, then the socket is closed.
    clientErrorHandler(error, socket) {
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
    },
  };
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return [408, requestErrors.timeout];
  if (code === "HPE_HEADER_OVERFLOW") return [431, requestErrors.headersTooLarge];
  return [400, requestErrors.badRequest];
}
