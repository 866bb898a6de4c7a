// What the server functions share: their route config, the error answer, and 405 for other methods.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FunctionResult } from "../../contracts/function-result.ts";
import { requestErrors } from "../../contracts/function-result.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Media types the route accepts in a POST body (415 for any other); default JSON only. */
    mediaTypes?: readonly string[];
    /** The error text of a 500 answer from this route. */
    failureText?: string;
  }
}

export const jsonOnly: readonly string[] = ["application/json"];

export function sendError(reply: FastifyReply, status: number, error: string): FastifyReply {
  const body: FunctionResult = { success: false, error };
  return reply.code(status).send(body);
}

export const success: FunctionResult = { success: true };

/** Other methods on a function's URL get 405 with Allow, not a 404. */
export function rejectOtherMethods(app: FastifyInstance, url: string): void {
  app.route({
    method: ["GET", "PUT", "PATCH", "DELETE"],
    url,
    handler: (_request, reply) =>
      sendError(reply.header("allow", "POST, OPTIONS"), 405, requestErrors.methodNotAllowed),
  });
}
