// Builds the Fastify instance: the one place where plugins and routes are put together (tests build it too).
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import { type Env, trustProxyOption } from "./env.ts";
import securityHeaders from "./plugins/security-headers.ts";
import site from "./plugins/site.ts";

export interface AppOptions {
  env: Env;
  /** Build directory (client/ and site-manifest.json). */
  buildDir: string;
  logger?: FastifyServerOptions["logger"];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // Slow clients are cut off rather than holding sockets open.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    bodyLimit: 32 * 1024,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    return503OnClosing: true,
  });

  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    // 5xx details stay in the log; clients get a fixed text.
    const message = status >= 500 ? "Internal server error" : error.message;
    return reply.code(status).send({ success: false, error: message });
  });

  await app.register(securityHeaders);
  app.get("/healthz", async () => ({ status: "ok" }));
  await app.register(site, { buildDir: options.buildDir });
  return app;
}
