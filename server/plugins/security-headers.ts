// Security headers on every response; pages replace the default CSP with one carrying their script hashes.
// The headers are constants, set from one frozen object per response (ADR 8): helmet's per-request middleware
// chain cost more than a server function's own work under load, for headers that never change.
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

/**
 * Sent with every response (a route may override one): the set helmet sends by default, less what a page needs
 * differently (CSP, set per response) or only on an HTTPS site (HSTS).
 */
export const baseSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
});

/**
 * The console's documents also cut every tie to windows of other origins (ADR 21): a signed-in page is what a
 * cross-window attack would be after. Public pages hold nothing such an attack could read, and the header costs
 * them a slower, more blocked first load in the browser that measures a site's speed.
 */
export const consoleSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  ...baseSecurityHeaders,
  "cross-origin-opener-policy": "same-origin",
});

/** The console's pages (client-rendered): /admin and below; its JSON API answers with the API set. */
const isConsole = (url: string) =>
  url === "/admin" || url.startsWith("/admin/") || url.startsWith("/admin?");

/** Where JSON APIs answer: their answers carry the API set below instead of the document set. */
export const jsonApiPrefixes: readonly string[] = ["/functions/", "/admin/api/"];

/**
 * JSON answers (OWASP's REST security guidance): no sniffing, nothing may load or frame them, never cached. The
 * document-only headers above mean nothing on JSON and each costs time on every answer.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": defaultCsp,
  "cache-control": "no-store",
});

/**
 * What Fastify answers itself, before any route or hook (a malformed URL, headers too large): both sets, so that
 * whatever the path, the answer can be neither sniffed, framed, loaded nor cached.
 */
export const frameworkAnswerHeaders: Readonly<Record<string, string>> = Object.freeze({
  ...consoleSecurityHeaders,
  ...apiSecurityHeaders,
});

const isJsonApi = (url: string) => jsonApiPrefixes.some((prefix) => url.startsWith(prefix));

/** Where the build's scripts and stylesheets are served (hashed names, cached for a year). */
export const staticAssetPrefix = "/assets/";

/**
 * Scripts and stylesheets: only what a subresource needs (no sniffing, not loadable by other sites); the
 * document headers mean nothing on them and would be bytes on every file a page loads. Caching is the site's.
 */
export const assetSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  "x-content-type-options": "nosniff",
  "cross-origin-resource-policy": "same-origin",
});

const isAsset = (url: string) => url.startsWith(staticAssetPrefix);

export const strictTransportSecurity = "max-age=63072000; includeSubDomains; preload";

export interface SecurityHeadersOptions {
  /** The site is served over HTTPS only (see servesHttpsOnly): every answer carries HSTS. */
  hsts: boolean;
}

async function securityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  app.decorateReply("contentSecurityPolicy", function (this: FastifyReply, policy: string) {
    return this.header("content-security-policy", policy);
  });
  // Callback hooks, not async ones: no promise per request for work that never waits.
  app.addHook("onRequest", (request, reply, done) => {
    if (isAsset(request.url)) {
      reply.headers(assetSecurityHeaders);
      return done();
    }
    reply.headers(
      isJsonApi(request.url)
        ? apiSecurityHeaders
        : isConsole(request.url)
          ? consoleSecurityHeaders
          : baseSecurityHeaders,
    );
    // From the configuration, not request.protocol: behind a TLS proxy the request may look like plain http.
    // Browsers ignore HSTS received over plain http (local use). The documents carry it; assets need not.
    if (options.hsts) reply.header("strict-transport-security", strictTransportSecurity);
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!reply.hasHeader("content-security-policy") && !isAsset(request.url)) {
      reply.header("content-security-policy", defaultCsp);
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: "security-headers", fastify: "5.x" });
