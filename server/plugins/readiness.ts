// Readiness for a load balancer: /readyz answers 200 only while the server listens, its database answers and a
// write can commit now, and 503 while it starts, while it drains before stopping, while the database is
// unreachable, and while writes fail (a full disk): until the first write after the start, and after a failed one,
// each check tries a write of a request's size itself (repositories/write-probe.ts) rather than trusting a clock,
// so a restart on a still-full disk is not ready, and a server no traffic reaches any more turns ready again on
// its own once a write can commit. The probes are not logged. It also counts what a stop waits for, so a stop that runs out of time can say what was still open, and
// on the way to stopping drops the connections still sending a request body after a short grace: one stalled
// upload would otherwise hold the stop until the request limit (30 s), past the stop's own grace.

import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { writeProbeRepository } from "../db/repositories/write-probe.ts";

/** A database that takes longer than this to answer `select 1` counts as unreachable. */
const databaseCheckMs = 2_000;

/** A body still arriving this long after the stop began is dropped (a form's body takes milliseconds). */
export const bodyGraceMs = 1_000;

export type ReadinessState = "starting" | "ready" | "draining";

export interface Readiness {
  readonly state: ReadinessState;
  /** The server stops taking work: /readyz answers 503 from now on. */
  drain(): void;
  /** What a stop still waits for (for its log line). */
  open(): { requestsInFlight: number; connections: number };
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export const probePaths = new Set(["/healthz", "/readyz"]);

/** Whether `check` succeeds within databaseCheckMs (a database that takes longer counts as failing). */
async function succeedsInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseCheckMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function readiness(app: FastifyInstance): Promise<void> {
  let state: ReadinessState = "starting";
  const requestsInFlight = new Set<IncomingMessage>();
  let connections = 0;
  app.decorate("readiness", {
    get state() {
      return state;
    },
    drain() {
      state = "draining";
    },
    open: () => ({ requestsInFlight: requestsInFlight.size, connections }),
  });

  app.server.on("request", (request, response) => {
    requestsInFlight.add(request);
    response.once("close", () => requestsInFlight.delete(request));
  });
  app.server.on("connection", (socket) => {
    connections++;
    socket.once("close", () => connections--);
  });
  // The background work (mail, retention) starts in onListen hooks registered before this one.
  app.addHook("onListen", async () => {
    if (state === "starting") state = "ready";
  });
  app.addHook("preClose", async () => {
    state = "draining";
    setTimeout(() => {
      for (const request of requestsInFlight) {
        if (!request.complete) request.socket.destroy();
      }
    }, bodyGraceMs).unref();
  });

  // Checks that arrive while a probe runs share it: a balancer's burst of checks is one write.
  let probing: Promise<boolean> | undefined;
  const writeSucceeds = (database: FastifyInstance["database"]) => {
    probing ??= succeedsInTime(() => writeProbeRepository(database).probe()).finally(() => {
      probing = undefined;
    });
    return probing;
  };

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    if (state !== "ready") return reply.code(503).send({ status: state });
    if (!app.hasDecorator("database")) return { status: "ready" };
    const { database } = app;
    if (!(await succeedsInTime(() => sql`select 1`.execute(database.db)))) {
      return reply.code(503).send({ status: "database unreachable" });
    }
    if (database.lastWriteCommitted() !== true && !(await writeSucceeds(database))) {
      return reply.code(503).send({ status: "database writes failing" });
    }
    return { status: "ready" };
  });
}

export default fp(readiness, { name: "readiness", fastify: "5.x" });
