// Two server instances on one PostgreSQL, each listening on a real port: an event on one reaches a console
// streaming from the other (LISTEN/NOTIFY), and a listener connection that drops is connected again.
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import type { AppDatabase, DatabaseConfig } from "../db/database.ts";
import { signedIn } from "../test/admin.ts";
import { postJson } from "../test/app.ts";
import { type EventStreamReader, openEventStream } from "../test/event-stream.ts";
import { type AppLauncher, storageTest as it } from "../test/storage.ts";

interface Instance {
  app: FastifyInstance;
  database: AppDatabase;
  origin: string;
}

describe("live events across two instances on one PostgreSQL", () => {
  it.override("dialect", "postgres");
  let apps: AppLauncher;
  let config: DatabaseConfig;
  const streams: EventStreamReader[] = [];

  /** An instance of its own: its own connections to the test's database. */
  const startInstance = async (): Promise<Instance> => {
    const database = await apps.open(config);
    const app = await apps.on(database).startAdmin();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("not listening");
    return { app, database, origin: `http://127.0.0.1:${address.port}` };
  };
  const sendContact = async ({ app }: Instance, message: string) => {
    const response = await postJson(app, contactFormPath, {
      name: "Grace Hopper",
      email: "grace@example.com",
      message,
    });
    expect(response.statusCode).toBe(200);
  };
  const idOf = async ({ database }: Instance, message: string) =>
    (
      await database.db
        .selectFrom("contact_messages")
        .select("id")
        .where("message", "=", message)
        .executeTakeFirstOrThrow()
    ).id;

  it.beforeEach(({ apps: launcher, freshDbConfig }) => {
    apps = launcher;
    config = freshDbConfig;
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it("brings a message sent to one instance to a console connected to the other, and survives a lost listener", async () => {
    const first = await startInstance();
    const second = await startInstance();
    // Both share the account and its sessions: a sign-in on one works on the other.
    const token = await signedIn(first.app);
    const stream = await openEventStream(`${second.origin}${adminApiPaths.events}`, {
      cookie: `${second.app.adminAuth.cookie.name}=${token}`,
    });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "visitors");

    const text = "A message for the first instance, seen live on the second.";
    await sendContact(first, text);
    const event = await stream.next((candidate) => candidate.event === "message");
    expect(JSON.parse(event.data)).toEqual({ id: await idOf(first, text), change: "created" });

    // The second instance's listening connection is cut (a database restart, a proxy timeout): it connects again
    // after the first back-off step and tells its consoles to load again what they show.
    const terminated = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = 'boothpilot-web-listen' and datname = current_database()`.execute(
      first.database.db,
    );
    expect(terminated.rows.length).toBe(2);
    await stream.next((candidate) => candidate.event === "resync", 8_000);

    const later = "Sent after the listener came back.";
    await sendContact(first, later);
    const laterId = await idOf(first, later);
    const laterEvent = await stream.next((candidate) => candidate.data.includes(laterId));
    expect(JSON.parse(laterEvent.data)).toEqual({ id: laterId, change: "created" });
  });
});
