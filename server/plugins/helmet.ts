// Security headers through @fastify/helmet (ADR 27): helmet's defaults with this site's choices, the strict CSP on
// anything that is not a page, each page's CSP with its script hashes on its route, the console's COOP, and only
// what a subresource needs on the build's hashed assets.
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

type HelmetOptions = NonNullable<FastifyHelmetOptions>;
type Directives = Record<string, string[]>;

/** Where the build's scripts and stylesheets are served (hashed names, cached for a year). */
export const staticAssetPrefix = "/assets/";

/** CSP for anything that is not a page (API answers, errors): nothing may load or frame it. */
const strictDirectives: Directives = {
  "default-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
};

const csp = (directives: Directives): HelmetOptions["contentSecurityPolicy"] => ({
  useDefaults: false,
  directives,
});

/**
 * A prerendered page's headers: scripts and styles only from this origin or the page's own hashed inline scripts
 * and critical CSS.
 */
export function pageHelmet(
  scriptHashes: readonly string[],
  connectSrc: readonly string[] = [],
  styleHashes: readonly string[] = [],
): HelmetOptions {
  return {
    contentSecurityPolicy: csp({
      "default-src": ["'self'"],
      "script-src": ["'self'", ...scriptHashes],
      "style-src": ["'self'", ...styleHashes],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", ...connectSrc],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
    }),
  };
}

/**
 * The console's pages also cut every tie to windows of other origins (ADR 21): a signed-in page is what a
 * cross-window attack would be after. Public pages go without it: it costs them a slower first load.
 */
export function consolePageHelmet(scriptHashes: readonly string[]): HelmetOptions {
  return { ...pageHelmet(scriptHashes), crossOriginOpenerPolicy: { policy: "same-origin" } };
}

export const strictTransportSecurity = {
  maxAge: 63_072_000,
  includeSubDomains: true,
  preload: true,
};

/** Not a helmet header: the browser features no page of this site uses, refused to any script on it. */
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), interest-cohort=()";

export interface HelmetPluginOptions {
  /** The site is served over HTTPS only (see servesHttpsOnly): every answer carries HSTS. */
  hsts: boolean;
}

/** The options every answer gets unless its route says otherwise. */
export function defaultHelmet(options: HelmetPluginOptions): HelmetOptions {
  return {
    contentSecurityPolicy: csp(strictDirectives),
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // From the configuration, not the request: behind a TLS proxy a request may look like plain http. Browsers
    // ignore HSTS received over plain http (local use).
    strictTransportSecurity: options.hsts ? strictTransportSecurity : false,
    xFrameOptions: { action: "deny" },
  };
}

const isAsset = (url: string) => url.startsWith(staticAssetPrefix);

async function helmetPlugin(app: FastifyInstance, options: HelmetPluginOptions): Promise<void> {
  // Before helmet's own onRoute hook reads the route's option. Scripts and stylesheets need no document headers
  // (bytes on every file a page loads); the site sets the two a subresource needs.
  app.addHook("onRoute", (route) => {
    if (isAsset(route.url)) route.helmet = false;
  });
  await app.register(helmet, defaultHelmet(options));
  app.addHook("onRequest", (request, reply, done) => {
    if (!isAsset(request.url)) reply.header("permissions-policy", permissionsPolicy);
    done();
  });
}

export default fp(helmetPlugin, { name: "security-headers", fastify: "5.x" });
