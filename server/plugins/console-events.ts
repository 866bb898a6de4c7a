// The console's live events on the instance (`app.consoleEvents`, see server/admin/console-events.ts for what to
// call): the hub of this instance's event streams, linked to the other instances by PostgreSQL LISTEN/NOTIFY. Open
// streams end in preClose, so they never hold a server stop.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { backendClient } from "../../contracts/backend-client.ts";
import { visitorsNowWindowMs } from "../../contracts/console-events.ts";
import { ConsoleEventHub, type StreamCaps } from "../admin/console-events.ts";
import { PostgresRelay } from "../admin/postgres-relay.ts";

export interface ConsoleEventsPluginOptions {
  /** The heartbeat interval (tests shorten it). */
  heartbeatMs?: number | undefined;
  /** The clock of "visitors now" (tests move it). */
  now?: (() => number) | undefined;
  /** Streams open at once per session and per person (tests lower them). */
  caps?: StreamCaps | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    consoleEvents: ConsoleEventHub;
  }
}

async function consoleEvents(
  app: FastifyInstance,
  options: ConsoleEventsPluginOptions,
): Promise<void> {
  const log = app.log.child({ component: "console-events" });
  const now = options.now ?? Date.now;
  const hub = new ConsoleEventHub({
    heartbeatMs: options.heartbeatMs ?? backendClient.realtimeHeartbeatMs,
    visitorsNow: () => app.repositories.referrerVisits.countSince(now() - visitorsNowWindowMs),
    // adminAuth is registered after this plugin; it is there by the time a stream opens.
    sessionLasts: (tokenHash) => app.adminAuth.lasts(tokenHash),
    onError: (error) => log.error({ err: error }, "console events: a heartbeat failed"),
    caps: options.caps,
  });
  app.decorate("consoleEvents", hub);

  const dedicated = app.database.dedicatedClient;
  if (dedicated) {
    const connect = () => dedicated("listen");
    const relay = new PostgresRelay({
      db: app.database.db,
      connect,
      onEvent: (event) => hub.deliver(event),
      onResync: () => hub.deliver({ name: "resync", data: {} }),
      backoffMs: backendClient.reconnectBackoffMs,
      log,
    });
    hub.relay = relay;
    await relay.start();
    app.addHook("onClose", () => relay.stop());
  }
  app.addHook("preClose", async () => hub.close());
}

export default fp(consoleEvents, {
  name: "console-events",
  fastify: "5.x",
  dependencies: ["database"],
});
