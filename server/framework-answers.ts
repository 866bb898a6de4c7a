// Fastify's own answers, given before any route or hook runs: a URL it cannot decode (frameworkErrors) and a
// request Node's parser refused (clientErrorHandler: 400, 408, 431). Each carries the headers helmet gives every
// other answer and a fixed text; none echoes the path or the parser's message.
import type { IncomingMessage, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";
import { type FunctionResult, requestErrors } from "../contracts/function-result.ts";
import { defaultHelmet, type HelmetPluginOptions } from "./plugins/helmet.ts";

export interface FrameworkAnswers {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void;
}

/** The headers helmet sets with the server's default options, read once by letting it set them on a recorder. */
function helmetHeaders(options: HelmetPluginOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  // helmet only calls setHeader and removeHeader on the response; it never reads the request.
  // The options' type comes from @fastify/helmet's CommonJS view of helmet, this import's from its ES module view.
  const helmetOptions = defaultHelmet(options) as Parameters<typeof helmet>[0];
  helmet(helmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Fastify's frameworkErrors and clientErrorHandler options. */
export function frameworkAnswers(options: HelmetPluginOptions): FrameworkAnswers {
  // These answers may be about any path, an API's included: never cached.
  const headers = { ...helmetHeaders(options), "cache-control": "no-store" };
  const rawHeaderLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return {
    // A bad URL (or path parameter) is a 400 with a fixed text.
    frameworkErrors(_error, _request, reply) {
      const body: FunctionResult = { success: false, error: requestErrors.badRequest };
      reply.headers(headers).code(400).send(body);
    },
    // Node gives this handler the socket only, before there is a request or response object (ADR 27): the answer
    // is written as bytes, as Fastify's default handler writes its own, then the socket is closed.
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
