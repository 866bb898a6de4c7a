// With TRUST_PROXY unset, a request carrying X-Forwarded-For most likely came through a proxy whose address every
// visitor now shares (and so its rate limits): the operator is told once, in the log, what to set.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function forwardedForWarning(app: FastifyInstance): Promise<void> {
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    // Neither the header nor the socket address is logged: both are client addresses (personal data).
    request.log.warn(
      "requests carry X-Forwarded-For but TRUST_PROXY is unset: every visitor behind the proxy shares its address and rate limits; set TRUST_PROXY to the proxy's addresses or CIDRs (logged once)",
    );
  });
}

export default fp(forwardedForWarning, { name: "forwarded-for-warning", fastify: "5.x" });
