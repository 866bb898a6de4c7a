// Security headers on every response; pages replace the default CSP with one carrying their script hashes.
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/** CSP for anything that is not a page (API answers, assets): nothing may load or frame it. */
const defaultCsp =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** CSP of a prerendered page: scripts only from this origin or the page's own hashed inline scripts. */
export function pageCsp(
  scriptHashes: readonly string[],
  connectSrc: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connectSrc.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

declare module "fastify" {
  interface FastifyReply {
    /** Sets this response's Content-Security-Policy (the default is the strict non-page policy). */
    contentSecurityPolicy(policy: string): FastifyReply;
  }
}

async function securityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    // Set per response below: pages need their own script hashes.
    contentSecurityPolicy: false,
    // Only over HTTPS (added below): HSTS over plain HTTP is ignored and misleading.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
  });
  app.decorateReply("contentSecurityPolicy", function (this: FastifyReply, policy: string) {
    return this.header("content-security-policy", policy);
  });
  app.addHook("onSend", async (request, reply) => {
    if (!reply.hasHeader("content-security-policy"))
      reply.header("content-security-policy", defaultCsp);
    reply.header(
      "permissions-policy",
      "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    );
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=63072000; includeSubDomains; preload");
    }
  });
}

export default fp(securityHeaders, { name: "security-headers", fastify: "5.x" });
