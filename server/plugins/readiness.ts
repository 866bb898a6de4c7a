// Readiness for a load balancer: /readyz answers 200 only while the server listens and its database answers, and
// 503 while it starts, while it drains before stopping, and while the database is unreachable. The probes are not
// logged. It also counts what a stop waits for, so a stop that runs out of time can say what was still open.

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";

/** A database that takes longer than this to answer `select 1` counts as unreachable. */
const databaseCheckMs = 2_000;

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

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  if (!app.hasDecorator("database")) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseCheckMs);
  });
  try {
    return await Promise.race([
      sql`select 1`.execute(app.database.db).then(
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
  let requestsInFlight = 0;
  let connections = 0;
  app.decorate("readiness", {
    get state() {
      return state;
    },
    drain() {
      state = "draining";
    },
    open: () => ({ requestsInFlight, connections }),
  });

  app.server.on("request", (_request, response) => {
    requestsInFlight++;
    response.once("close", () => requestsInFlight--);
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
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_request, reply) => {
    if (state !== "ready") return reply.code(503).send({ status: state });
    if (!(await databaseAnswers(app))) {
      return reply.code(503).send({ status: "database unreachable" });
    }
    return { status: "ready" };
  });
}

export default fp(readiness, { name: "readiness", fastify: "5.x" });
