// The admin API's guard against cross-site requests (CSRF): a state-changing request must say it comes from the
// console's own origin, by Sec-Fetch-Site (every current browser sends it) or by Origin.
import type { FastifyRequest } from "fastify";

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when the request comes from a page of this origin: Sec-Fetch-Site, when sent, must be "same-origin", and
 * Origin, when sent, must be this server's origin (as the request reached it, or SITE_URL behind a proxy that
 * rewrites Host). A request with neither is refused: browsers send at least one on every POST and DELETE, and
 * other clients can set Origin.
 */
export function comesFromOwnOrigin(request: FastifyRequest, siteUrl: string): boolean {
  const fetchSite = header(request, "sec-fetch-site");
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = header(request, "origin");
  if (origin === undefined) return fetchSite === "same-origin";
  return origin === siteUrl || origin === `${request.protocol}://${request.host}`;
}
