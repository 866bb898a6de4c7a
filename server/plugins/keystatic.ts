// The content editor's API under /api/keystatic (docs/content.md): Keystatic's own handler, hosted by Fastify.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Env } from "../env.ts";

export const keystaticApiPrefix = "/api/keystatic";

export interface KeystaticPluginOptions {
  mode: Exclude<Env["KEYSTATIC_MODE"], "off">;
  /** Where local mode saves: the folder holding content/ (CONTENT_ROOT, else the working directory). */
  contentRoot: string;
}

/**
 * Registered only when KEYSTATIC_MODE is local or github; otherwise the path is unknown and answered 404.
 * The handler reads the raw body itself: this scope has no parser of its own (a parsed JSON body made save
 * answer "Bad data"), and Keystatic refuses requests without the `no-cors: 1` header its editor sends.
 */
export default async function keystatic(
  app: FastifyInstance,
  options: KeystaticPluginOptions,
): Promise<void> {
  // Loaded only here: the editor's code costs a server without it nothing.
  const [{ makeGenericAPIRouteHandler }, { default: config }] = await Promise.all([
    import("@keystatic/core/api/generic"),
    import("../../keystatic.config.ts"),
  ]);
  const handle = makeGenericAPIRouteHandler({
    config,
    ...(options.mode === "local" ? { localBaseDirectory: options.contentRoot } : {}),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: 50 * 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );
  app.all("/*", async (request, reply) => {
    const answer = await handle(keystaticRequest(request));
    reply.code(answer.status ?? 200);
    reply.header("cache-control", "no-store");
    for (const [name, value] of new Headers(answer.headers)) reply.header(name, value);
    return reply.send(answer.body === null ? "" : Buffer.from(answer.body));
  });
}

/** The Request-like value Keystatic's generic handler reads: headers, method, absolute URL and the body. */
function keystaticRequest(request: FastifyRequest) {
  const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  return {
    method: request.method,
    url: new URL(request.url, `${request.protocol}://${request.host}`).href,
    headers: { get: (name: string) => headerValue(request, name) },
    json: async () => JSON.parse(body.toString("utf8")) as unknown,
  };
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}
