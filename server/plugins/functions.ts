// The /functions/v1 scope: the server functions and what they share. CORS for the configured origins, answers
// never cached, and errors (the server's one error handler) as {"success": false, "error": "..."}.
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { requestErrors } from "../../contracts/function-result.ts";
import { loadCountries } from "../audience/country.ts";
import { sendError } from "../functions/http.ts";
import submitContactForm from "../functions/submit-contact-form.ts";
import trackEvent from "../functions/track-event.ts";
import trackReferrer from "../functions/track-referrer.ts";

export interface FunctionsPluginOptions {
  /** Origins other than the site's own allowed to call the functions from a browser. */
  corsOrigins: readonly string[];
}

async function functions(app: FastifyInstance, options: FunctionsPluginOptions): Promise<void> {
  // The country table loads in a worker thread from the start; a visit that comes sooner waits for it.
  app.addHook("onReady", async () => {
    loadCountries().catch((error: unknown) =>
      app.log.error({ err: error }, "loading the country table failed"),
    );
  });
  // What a function answers is about one visitor's request: no cache on the way keeps it.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("cache-control", "no-store");
    done();
  });

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

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, requestErrors.notFound));

  await app.register(submitContactForm);
  await app.register(trackReferrer);
  await app.register(trackEvent);
}

export default fp(functions, {
  name: "functions",
  fastify: "5.x",
  encapsulate: true,
  dependencies: [
    "security-headers",
    "database",
    "mailer",
    "leads",
    "rate-limits",
    "console-events",
  ],
});
