// What the server functions share: the media-type check, the error answer, and 405 for other methods.
import {
  errorCodes,
  type FastifyInstance,
  type FastifyReply,
  type onRequestHookHandler,
} from "fastify";
import type { FunctionResult } from "../../contracts/function-result.ts";
import { requestErrors } from "../../contracts/function-result.ts";
import { sendErrorAnswer } from "../error-handler.ts";

export const jsonOnly: readonly string[] = ["application/json"];

/**
 * The route's first onRequest hook: 415 before the body is read, for a missing content type as for one the route
 * does not accept. A callback hook, made once per route: no promise and no route-config lookup per request.
 */
export function acceptOnly(mediaTypes: readonly string[]): onRequestHookHandler {
  return (request, _reply, done) => {
    if (request.method !== "POST") return done();
    const mediaType = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
    if (!mediaType || !mediaTypes.includes(mediaType)) {
      return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE());
    }
    done();
  };
}

export function sendError(reply: FastifyReply, status: number, error: string): FastifyReply {
  return sendErrorAnswer(reply, "functions", status, error);
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
