// GET /events: the console's live stream (text/event-stream) for the session of the request; it ends when the
// session does (looked at on every heartbeat) or when the server stops. A few per session and per person: 429 above.
import type { FastifyInstance } from "fastify";
import { adminErrors } from "../../contracts/admin-api.ts";
import { sendAdminError } from "./http.ts";

export default async function eventsRoute(app: FastifyInstance): Promise<void> {
  app.get("/events", async (request, reply) => {
    // The admin scope's preHandler has checked the session.
    const session = request.adminSession;
    if (!session) throw new Error("events route reached without a session");
    const body = app.consoleEvents.open(session.tokenHash, session.userId);
    // The console tries again after its back-off, by when a tab closed may have made room.
    if (!body) {
      reply.header("retry-after", "5");
      return sendAdminError(reply, 429, adminErrors.tooManyStreams);
    }
    return (
      reply
        .header("content-type", "text/event-stream; charset=utf-8")
        // A proxy that buffers (nginx) would hold the events back.
        .header("x-accel-buffering", "no")
        .send(body)
    );
  });
}
