// Webhooks end to end on both databases: the real app, its delivery worker and a real HTTP receiver on 127.0.0.1.
// Each delivery is verified with the Standard Webhooks library; a receiver down for a while gets the message once,
// with one webhook-id; restarts and a second instance on PostgreSQL deliver once; "spam" then "not spam", even
// during a send, keeps the one webhook-id; a loopback receiver, or a name resolving to one, is refused unless
// allowed; redirects are not followed; Slack gets the same event; the console shows each delivery's state.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect } from "vitest";
import { adminApiPaths, type MessageDetail } from "../../contracts/admin-api.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { contactCreatedEventSchema } from "../../contracts/lead-webhook.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import { adminEnv, adminRequest, expectAdminError, signedIn } from "../test/admin.ts";
import { postJson } from "../test/app.ts";
import { contactFormPost } from "../test/factories.ts";
import { type AppLauncher, describeEachDialect, storageTest } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";
import { WebhookReceiver } from "../test/webhook-receiver.ts";

const secret = `whsec_${Buffer.from("a test secret of thirty-two bytes").toString("base64")}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fastRetries = {
  pollIntervalMs: 20,
  random: () => 0,
  schedule: { firstRetryMs: 40, maxDelayMs: 120, giveUpAfterMs: 4 * 24 * 3_600_000, jitter: 0 },
};

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});
async function receiver(): Promise<WebhookReceiver> {
  const started = await WebhookReceiver.start();
  receivers.push(started);
  return started;
}

/** The env that sends the webhooks to `hooks`, which listens on loopback (so private addresses are allowed). */
const sendingTo = (hooks: WebhookReceiver) => ({
  WEBHOOK_URL: hooks.url(),
  WEBHOOK_ALLOW_PRIVATE: "on",
});

/** An app with the deliveries started, its webhooks going to `urls`. */
async function startApp(
  apps: AppLauncher,
  env: Record<string, string>,
  webhookTimeoutMs = 2_000,
  logs: { level: number; msg: string }[] = [],
): Promise<{ app: FastifyInstance; session: string }> {
  const app = await apps.startAdmin(
    { ...adminEnv, WEBHOOK_SECRET: secret, ...env },
    {
      testing: { outbox: fastRetries, webhookTimeoutMs },
      logger: { level: "debug", stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
    },
  );
  await app.ready();
  app.outbox.start();
  return { app, session: await signedIn(app) };
}

/** An app sending to `hooks` with a message posted, once `hooks` has had its first attempt; the message's id. */
async function firstAttempt(apps: AppLauncher, hooks: WebhookReceiver, what: string) {
  const { app, session } = await startApp(apps, sendingTo(hooks));
  await postJson(app, contactFormPath, contactFormPost());
  await waitFor(what, () => hooks.received.length >= 1);
  const { id } = await detailOf(app, session);
  return { app, session, id };
}

async function detailOf(app: FastifyInstance, session: string): Promise<MessageDetail> {
  const [row] = await app.database.db
    .selectFrom("contact_messages")
    .select("id")
    .orderBy("created_at", "desc")
    .limit(1)
    .execute();
  const answer = await adminRequest(app, { url: adminApiPaths.message(String(row?.id)), session });
  return answer.json() as MessageDetail;
}

async function mark(
  app: FastifyInstance,
  session: string,
  id: string,
  action: "spam" | "not-spam",
): Promise<MessageDetail> {
  const answer = await adminRequest(app, {
    method: "POST",
    url: adminApiPaths.messageAction(id, action),
    session,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as MessageDetail;
}

const webhookIds = (hooks: WebhookReceiver) =>
  new Set(hooks.received.map((request) => request.headers["webhook-id"]));

describeEachDialect("webhooks on %s", (it) => {
  it("posts each message that is not spam as a signed contact.created event with its attribution", async ({
    apps,
  }) => {
    const hooks = await receiver();
    const { app, session } = await startApp(apps, {
      WEBHOOK_URL: `${hooks.url("/one")}, ${hooks.url("/two")}`,
      WEBHOOK_ALLOW_PRIVATE: "on",
      SITE_URL: "https://www.boothpilot.example",
    });
    const sessionId = randomUUID();
    await postJson(app, trackReferrerPath, {
      session_id: sessionId,
      referrer: "https://www.google.com/search?q=flea+market+software",
      page_url: "https://www.boothpilot.example/pricing?utm_source=google&utm_campaign=fall",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    });
    const posted = await postJson(app, contactFormPath, {
      ...contactFormPost(),
      session_id: sessionId,
    });
    expect(posted.json()).toEqual({ success: true });
    // Spam goes nowhere.
    await postJson(app, contactFormPath, {
      ...contactFormPost(),
      name: "SEO Rankings Pro",
      message: "Cheap backlinks for your site",
    });
    await waitFor("both receivers", () => hooks.accepted.length === 2);
    await pause(200);
    expect(hooks.received.map((request) => request.path).sort()).toEqual(["/one", "/two"]);
    const webhook = new Webhook(secret);
    const events = hooks.received.map((request) =>
      contactCreatedEventSchema.parse(
        webhook.verify(request.body, request.headers as Record<string, string>),
      ),
    );
    const [event] = events;
    expect(event?.type).toBe("contact.created");
    expect(event?.data).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      businessName: "Analytical Markets",
      website: "https://markets.example/fall",
      message: "Hello,\nwe run a flea market of 120 booths.\nCan you help?",
      attribution: {
        landingPath: "/pricing",
        source: "organic_search",
        referrerHost: "www.google.com",
        utm: { source: "google", campaign: "fall" },
      },
    });
    expect(event?.data.consoleUrl).toBe(
      `https://www.boothpilot.example/admin/messages/${event?.data.id}`,
    );
    // Each receiver has its own webhook-id; a forged signature fails verification.
    expect(new Set(hooks.received.map((r) => r.headers["webhook-id"])).size).toBe(2);
    const first = hooks.received[0];
    expect(() =>
      webhook.verify(`${first?.body} `, first?.headers as Record<string, string>),
    ).toThrow();

    const shown = (
      await adminRequest(app, { url: adminApiPaths.message(String(event?.data.id)), session })
    ).json() as MessageDetail;
    const port = String(hooks.port);
    expect(shown.deliveries.map((d) => [d.channel, d.receiver, d.status, d.attempts])).toEqual([
      ["webhook", `127.0.0.1:${port}`, "sent", 1],
      ["webhook", `127.0.0.1:${port}`, "sent", 1],
    ]);
  });

  it("delivers once, with one webhook-id, to a receiver down for a while, and after a restart", async ({
    apps,
  }) => {
    const hooks = await receiver();
    await hooks.down();
    const env = sendingTo(hooks);
    const logs: { level: number; msg: string }[] = [];
    const first = await startApp(apps, env, 2_000, logs);
    await postJson(first.app, contactFormPath, contactFormPost());
    // An attempt counts when it is claimed: its failure is known once logged.
    const failures = () =>
      logs.filter((line) => line.msg.startsWith("lead deliveries: delivery failed"));
    await waitFor("a few failed attempts", () => failures().length >= 3);
    // One warning for the outage, not one per attempt.
    expect(failures().filter((line) => line.level === 40).length).toBe(1);
    const pending = (await detailOf(first.app, first.session)).deliveries[0];
    expect(pending?.lastErrorKind).toBe("connection");
    // A restart while it is down: the next instance takes it over.
    await first.app.close();
    const second = await startApp(apps, env);
    // Back, but failing with 503 twice before it takes it.
    hooks.status = (count) => (count <= 2 ? 503 : 200);
    await hooks.up();
    await waitFor("the delivery", () => hooks.accepted.length === 1);
    await pause(300);
    expect(hooks.received.map((request) => request.status)).toEqual([503, 503, 200]);
    expect(new Set(hooks.received.map((request) => request.headers["webhook-id"])).size).toBe(1);
    const shown = (await detailOf(second.app, second.session)).deliveries[0];
    expect(shown?.status).toBe("sent");
  });

  it('keeps one webhook-id for a delivery through "spam" then "not spam"', async ({ apps }) => {
    const hooks = await receiver();
    hooks.status = 503;
    const { app, session, id } = await firstAttempt(apps, hooks, "a failed attempt");
    // A spam message shows no delivery not made, and none is attempted.
    expect((await mark(app, session, id, "spam")).deliveries).toEqual([]);
    // An attempt under way when it was marked may still arrive; none after it.
    await pause(100);
    const attempts = hooks.received.length;
    await pause(300);
    expect(hooks.received.length).toBe(attempts);

    hooks.status = 200;
    await mark(app, session, id, "not-spam");
    await waitFor("the delivery", () => hooks.accepted.length === 1);
    await pause(200);
    expect(hooks.accepted.length).toBe(1);
    expect(webhookIds(hooks).size).toBe(1);
    const [shown] = (await detailOf(app, session)).deliveries;
    expect([shown?.status, shown?.lastErrorKind]).toEqual(["sent", "transient"]);
  });

  it('delivers once, with one webhook-id, a message marked "spam" then "not spam" while its send is in flight', async ({
    apps,
  }) => {
    const hooks = await receiver();
    hooks.delayMs = 600;
    const { app, session, id } = await firstAttempt(apps, hooks, "the send in flight");
    expect(hooks.received).toHaveLength(1);
    await mark(app, session, id, "spam");
    await mark(app, session, id, "not-spam");
    // The answer arrives after both: the send is recorded as made, and not made again.
    await waitFor("the delivery recorded", async () => {
      const [delivery] = (await detailOf(app, session)).deliveries;
      return delivery?.status === "sent";
    });
    await pause(300);
    expect(hooks.received.length).toBe(1);
    expect(webhookIds(hooks).size).toBe(1);
    const [shown] = (await detailOf(app, session)).deliveries;
    expect([shown?.status, shown?.attempts]).toEqual(["sent", 1]);
  });

  it("refuses a receiver on a loopback address or a name resolving to one unless allowed, and sends it again once allowed", async ({
    apps,
  }) => {
    const hooks = await receiver();
    // The address in the URL is refused before any lookup; the name, on the address it resolves to.
    const urls = `${hooks.url()}, http://localhost:${hooks.port}/by-name`;
    const refused = await startApp(apps, { WEBHOOK_URL: urls });
    await postJson(refused.app, contactFormPath, contactFormPost());
    await waitFor("the refusals", async () => {
      const { deliveries } = await detailOf(refused.app, refused.session);
      return deliveries.length === 2 && deliveries.every((d) => d.status === "failed");
    });
    const [literal, byName] = (await detailOf(refused.app, refused.session)).deliveries;
    expect([literal?.receiver, literal?.attempts, literal?.lastError]).toEqual([
      `127.0.0.1:${hooks.port}`,
      1,
      "refused: the receiver is on a private or loopback address (127.0.0.1); set WEBHOOK_ALLOW_PRIVATE=on to allow it",
    ]);
    expect([byName?.receiver, byName?.attempts]).toEqual([`localhost:${hooks.port}`, 1]);
    expect(byName?.lastError).toMatch(
      /^refused: the receiver is on a private or loopback address \((127\.0\.0\.1|::1)\); set WEBHOOK_ALLOW_PRIVATE=on to allow it$/,
    );
    expect(hooks.received).toEqual([]);
    await refused.app.close();

    const allowed = await startApp(apps, { WEBHOOK_URL: urls, WEBHOOK_ALLOW_PRIVATE: "on" });
    const message = await detailOf(allowed.app, allowed.session);
    const again = await adminRequest(allowed.app, {
      method: "POST",
      url: adminApiPaths.retryDeliveries(message.id),
      session: allowed.session,
    });
    expect(again.statusCode).toBe(200);
    await waitFor("both deliveries", () => hooks.accepted.length === 2);
    expect(hooks.accepted.map((request) => request.path).sort()).toEqual(["/by-name", "/hooks"]);
    const twice = await adminRequest(allowed.app, {
      method: "POST",
      url: adminApiPaths.retryDeliveries(message.id),
      session: allowed.session,
    });
    expectAdminError(twice, 409, "noFailedDeliveries");
  });

  it("cuts short a receiver that does not answer, and reads no more than 64 KiB of an answer", async ({
    apps,
  }) => {
    const hooks = await receiver();
    hooks.silent = true;
    const { app, session } = await startApp(apps, sendingTo(hooks), 300);
    await postJson(app, contactFormPath, contactFormPost());
    await waitFor("a timed-out attempt", async () => {
      const [delivery] = (await detailOf(app, session)).deliveries;
      return delivery?.lastError !== null && delivery?.lastError !== undefined;
    });
    const [delivery] = (await detailOf(app, session)).deliveries;
    expect([delivery?.status, delivery?.lastError, delivery?.lastErrorKind]).toEqual([
      "pending",
      "no answer in 300 ms",
      "connection",
    ]);
    // Answering now, with a body that never ends: after 64 KiB it counts as delivered (else it would time out).
    hooks.silent = false;
    hooks.endless = true;
    await waitFor("the delivery", async () => {
      const [now] = (await detailOf(app, session)).deliveries;
      return now?.status === "sent";
    });
  });

  it("does not follow a redirect, and sends Slack the same event as a Slack message", async ({
    apps,
  }) => {
    const hooks = await receiver();
    hooks.status = (count) => (count === 1 ? 200 : 302);
    hooks.answerHeaders = { location: "/elsewhere" };
    const { app } = await startApp(apps, {
      SLACK_WEBHOOK_URL: hooks.url("/slack"),
      WEBHOOK_URL: hooks.url("/moved"),
      WEBHOOK_ALLOW_PRIVATE: "on",
    });
    await postJson(app, contactFormPath, contactFormPost());
    await waitFor("both attempts", () => hooks.received.length >= 2);
    await pause(100);
    expect(hooks.received.some((request) => request.path === "/elsewhere")).toBe(false);
    const slack = hooks.received.find((request) => request.path === "/slack");
    const body = JSON.parse(slack?.body ?? "{}") as { text: string; blocks: unknown[] };
    expect(body.text).toBe("New contact message from Ada Lovelace, Analytical Markets");
    expect(JSON.stringify(body.blocks)).toContain(
      ">Hello,\\n>we run a flea market of 120 booths.\\n>Can you help?",
    );
    expect(slack?.headers["webhook-signature"]).toBeUndefined();
  });
});

describe("webhooks from two instances on one PostgreSQL database", () => {
  const it = storageTest;
  it.override("dialect", "postgres");

  it("deliver each message once", async ({ apps }) => {
    const hooks = await receiver();
    const env = sendingTo(hooks);
    const instances = [await startApp(apps, env), await startApp(apps, env)];
    const count = 20;
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        postJson(instances[index % 2]?.app as FastifyInstance, contactFormPath, {
          ...contactFormPost(),
          name: `Organizer ${index}`,
        }),
      ),
    );
    await waitFor("every delivery", () => hooks.accepted.length >= count);
    await pause(400);
    const names = hooks.received.map((request) => JSON.parse(request.body).data.name as string);
    expect(names.length).toBe(count);
    expect(new Set(names).size).toBe(count);
    const workers = instances.map((instance) => instance.app.outbox.worker.stats.sent);
    expect(workers.reduce((sum, sent) => sum + sent, 0)).toBe(count);
  });
});
