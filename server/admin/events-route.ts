// GET /events: the console's live stream (text/event-stream) for the session of the request; it ends when the
// session does (looked at on every heartbeat) or when the server stops.
import type { FastifyInstance } from "fastify";

export default async function eventsRoute(app: FastifyInstance): Promise<void> {
  app.get("/events", async (request, reply) => {
    // The admin scope's preHandler has checked the session.
    const session = request.adminSession;
    if (!session) throw new Error("events route reached without a session");
    const body = app.consoleEvents.open(session.tokenHash);
    return (
      reply
        .header("content-type", "text/event-stream; charset=utf-8")
        // A proxy that buffers (nginx) would hold the events back.
        .header("x-accel-buffering", "no")
        .send(body)
    );
  });
}
