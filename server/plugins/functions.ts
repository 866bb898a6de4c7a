// The /functions scope: the two server functions and what they share. JSON bodies only (with a clear error for
// each way a body can be wrong), CORS for the configured origins, and every error answered as
// {"success": false, "error": "..."} without internal detail.
import cors from "@fastify/cors";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { maxFunctionBodyBytes, requestErrors } from "../../contracts/function-result.ts";
import { parseJsonTellingForbiddenKeys } from "../content-types.ts";
import { type ErrorKind, errorAnswer } from "../error-answers.ts";
import { sendError } from "../functions/http.ts";
import submitContactForm from "../functions/submit-contact-form.ts";
import trackReferrer from "../functions/track-referrer.ts";

export interface FunctionsPluginOptions {
  /** Origins other than the site's own allowed to call the functions from a browser. */
  corsOrigins: readonly string[];
}

/** The text of each kind of error answer; a 500 carries the route's own text when it has one. */
function errorText(kind: ErrorKind, failureText: string | undefined): string {
  return kind === "internal" ? (failureText ?? requestErrors.internal) : requestErrors[kind];
}

async function functions(app: FastifyInstance, options: FunctionsPluginOptions): Promise<void> {
  parseJsonTellingForbiddenKeys(app, maxFunctionBodyBytes);

  if (options.corsOrigins.length > 0) {
    // The listed origins may call from their pages.
    await app.register(cors, {
      origin: [...options.corsOrigins],
      methods: ["POST"],
      allowedHeaders: ["content-type", "apikey", "authorization", "x-client-info"],
      maxAge: 600,
    });
  } else {
    // Same origin needs no CORS: a preflight gets no Access-Control-* header, so other origins are refused by
    // the browser. (No CORS hook then runs on every request.)
    app.options("/*", (_request, reply) => {
      reply.header("allow", "POST, OPTIONS").code(204).send();
    });
  }

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const [status, kind] = errorAnswer(error);
    const text = errorText(kind, request.routeOptions.config.failureText);
    if (status >= 500) request.log.error({ err: error }, "function failed");
    return sendError(reply, status, text);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, requestErrors.notFound));

  await app.register(submitContactForm);
  await app.register(trackReferrer);
}

export default fp(functions, {
  name: "functions",
  fastify: "5.x",
  encapsulate: true,
  dependencies: ["security-headers", "database", "mailer", "rate-limits", "console-events"],
});
