// Per-address rate limits (RATE_LIMIT=off turns them off, for benchmarks only). A route asks for a hook with
// one or more windows; above any of them it answers 429 with Retry-After before the body is read.
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestErrors } from "../../contracts/function-result.ts";

export interface RateLimitsPluginOptions {
  enabled: boolean;
}

export interface AddressLimit {
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module "fastify" {
  interface FastifyInstance {
    /** The onRequest hooks enforcing every given limit per client address (none when limits are off). */
    addressRateLimit(limits: readonly AddressLimit[]): RateLimitHook[];
  }
}

async function rateLimits(app: FastifyInstance, options: RateLimitsPluginOptions): Promise<void> {
  // Only the routes that ask for it are limited; each limit keeps its own counters.
  await app.register(rateLimit, { global: false, cache: 50_000 });

  app.decorate("addressRateLimit", (limits: readonly AddressLimit[]): RateLimitHook[] => {
    if (!options.enabled) return [];
    const checks = limits.map((limit) =>
      app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs }),
    );
    const hook: RateLimitHook = async (request, reply) => {
      let retryAfter = 0;
      for (const check of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          retryAfter = Math.max(retryAfter, result.ttlInSeconds, 1);
        }
      }
      if (retryAfter > 0) {
        return reply
          .code(429)
          .header("retry-after", String(retryAfter))
          .send({ success: false, error: requestErrors.tooManyRequests });
      }
    };
    return [hook];
  });
}

export default fp(rateLimits, { name: "rate-limits", fastify: "5.x" });
