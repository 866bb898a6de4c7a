// What the server functions share: their route config, the media-type check, the error answer, and 405 for
// other methods.
import type { FastifyError, FastifyInstance, FastifyReply, onRequestHookHandler } from "fastify";
import type { FunctionResult } from "../../contracts/function-result.ts";
import { requestErrors } from "../../contracts/function-result.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The error text of a 500 answer from this route. */
    failureText?: string;
  }
}

export const jsonOnly: readonly string[] = ["application/json"];

/** An error the functions' error handler answers by its code (see answerFor in plugins/functions.ts). */
export function clientError(code: string, statusCode: number): FastifyError {
  return Object.assign(new Error(code), { code, statusCode, name: "FunctionsError" });
}

/**
 * The route's first onRequest hook: 415 before the body is read, for a missing content type as for one the route
 * does not accept. A callback hook, made once per route: no promise and no route-config lookup per request.
 */
export function acceptOnly(mediaTypes: readonly string[]): onRequestHookHandler {
  return (request, _reply, done) => {
    if (request.method !== "POST") return done();
    const mediaType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (!mediaType || !mediaTypes.includes(mediaType)) {
      return done(clientError("FST_ERR_CTP_INVALID_MEDIA_TYPE", 415));
    }
    done();
  };
}

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
