// Per-address rate limits (RATE_LIMIT=off turns them off, for benchmarks only). A route asks for a hook with
// one or more windows; above any of them it answers 429 with Retry-After before the body is read (or, through
// the check alone, answers it itself). Counted in memory, or on PostgreSQL in the database, so that every instance
// on it counts the same requests (ADR 46).
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestErrors } from "../../contracts/function-result.ts";
import type { RateLimitCountersRepository } from "../db/repositories/rate-limit-counters.ts";

export interface RateLimitsPluginOptions {
  enabled: boolean;
  /** The windows shared by the instances on one PostgreSQL database; without it each instance counts alone. */
  counters?: RateLimitCountersRepository | undefined;
}

export interface AddressLimit {
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** Counts the request against every limit: the seconds until it would be allowed, 0 when it is. */
export type RateLimitCheck = (request: FastifyRequest) => Promise<number>;

declare module "fastify" {
  interface FastifyInstance {
    /** The onRequest hooks enforcing every given limit per client address (none when limits are off). */
    addressRateLimit(limits: readonly AddressLimit[]): RateLimitHook[];
    /** The check of every given limit, for a route that answers over it itself (null when limits are off). */
    addressRateLimitCheck(limits: readonly AddressLimit[]): RateLimitCheck | null;
  }
}

/** The 429 answer of the functions, with Retry-After. */
export function sendTooManyRequests(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds))
    .send({ success: false, error: requestErrors.tooManyRequests });
}

async function rateLimits(app: FastifyInstance, options: RateLimitsPluginOptions): Promise<void> {
  // Only the routes that ask for it are limited; each limit keeps its own counters.
  await app.register(rateLimit, { global: false, cache: 50_000 });

  const addressRateLimitCheck = (limits: readonly AddressLimit[]): RateLimitCheck | null => {
    if (!options.enabled) return null;
    const { counters } = options;
    if (counters) {
      // A window is known by its route, its length and the client (an IPv6 client by its /64, as in memory).
      return async (request) => {
        let retryAfter = 0;
        for (const limit of limits) {
          const key = `${request.routeOptions.url} ${limit.windowMs} ${normalizeIP(request.ip)}`;
          const window = await counters.hit(key, limit.windowMs);
          if (window.hits > limit.max) {
            retryAfter = Math.max(retryAfter, Math.ceil(window.resetInMs / 1000), 1);
          }
        }
        return retryAfter;
      };
    }
    const checks = limits.map((limit) =>
      app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs }),
    );
    return async (request) => {
      let retryAfter = 0;
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
        }
      }
      return retryAfter;
    };
  };
  app.decorate("addressRateLimitCheck", addressRateLimitCheck);
  app.decorate("addressRateLimit", (limits: readonly AddressLimit[]): RateLimitHook[] => {
    const check = addressRateLimitCheck(limits);
    if (!check) return [];
    const hook: RateLimitHook = async (request, reply) => {
      const retryAfter = await check(request);
      if (retryAfter > 0) return sendTooManyRequests(reply, retryAfter);
    };
    return [hook];
  });
}

export default fp(rateLimits, { name: "rate-limits", fastify: "5.x" });
