// The spam score through the real app on both databases: a genuine enquiry and a pitch get the same answer, the
// pitch is stored as spam with its reasons (shown by the console's message API) and never e-mailed; the render token
// catches a post made seconds after the page; the team's blocklist; "not spam" trusts the sender afterwards.
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { adminApiPaths, type MessageDetail } from "../../contracts/admin-api.ts";
import { formTokenFieldName } from "../../contracts/contact-fields.ts";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { adminEnv, adminRequest, signedIn } from "../test/admin.ts";
import { postJson } from "../test/app.ts";
import { contactFormPost } from "../test/factories.ts";
import { describeEachDialect } from "../test/storage.ts";
import { waitFor } from "../test/wait-for.ts";

const pitch = {
  name: "SEO Rankings Pro",
  email: "growth@rankings.example",
  message: "Dear website owner, we offer cheap backlinks to get you on the first page of Google.",
};

describeEachDialect("the spam score on %s", (it) => {
  let app: FastifyInstance;
  let session: string;
  let clock: number;

  const open = async (id: string) => {
    const answer = await adminRequest(app, { url: adminApiPaths.message(id), session });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as MessageDetail;
  };
  const stored = () =>
    app.database.db
      .selectFrom("contact_messages")
      .select(["id", "name", "status", "spam_score"])
      .orderBy("created_at")
      .execute();
  /** Renders the form's token now, then posts `fields` with it after `afterMs` on the server's clock. */
  const postAfter = async (fields: Record<string, string>, afterMs: number) => {
    const token = await app.leads.issueFormToken();
    clock += afterMs;
    return postJson(app, contactFormPath, { ...fields, [formTokenFieldName]: token });
  };

  it.beforeEach(async ({ apps, smtp }) => {
    clock = Date.now();
    app = await apps.startAdmin(
      { ...adminEnv, ...smtp.mailEnv(), SPAM_BLOCKLIST: "@blocked.example, crypto giveaway" },
      { testing: { now: () => clock, outbox: { pollIntervalMs: 10 } } },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    app.outbox.start();
    session = await signedIn(app);
  });

  it("answers a pitch as a genuine enquiry, stores it as spam with its reasons, and e-mails only the enquiry", async ({
    smtp,
  }) => {
    const genuine = await postAfter(contactFormPost(), 40_000);
    const spam = await postAfter(pitch, 40_000);
    expect([genuine.statusCode, genuine.json()]).toEqual([200, { success: true }]);
    expect([spam.statusCode, spam.json()]).toEqual([200, { success: true }]);
    const [enquiry, pitched] = await stored();
    expect(enquiry).toMatchObject({ name: "Ada Lovelace", status: "new" });
    expect(pitched).toMatchObject({ name: "SEO Rankings Pro", status: "spam" });
    const detail = await open(String(pitched?.id));
    expect(detail.spam.threshold).toBe(5);
    expect(detail.spam.reasons.map((reason) => [reason.code, reason.detail])).toEqual([
      ["spam-phrase", "backlinks"],
      ["spam-phrase", "SEO offer"],
      ["spam-phrase", "first page of Google"],
      ["spam-phrase", "cold opener"],
    ]);
    expect(detail.spam.score).toBe(20);
    const genuineDetail = await open(String(enquiry?.id));
    expect(genuineDetail.spam).toEqual({ score: 0, threshold: 5, reasons: [] });
    await waitFor("the e-mail", () => smtp.received.length === 1);
    expect(smtp.received[0]?.raw).toMatch(/^Subject: Contact form: Ada Lovelace/m);
  });

  it("counts a post seconds after the page, without its page, or with a forged token", async () => {
    await postAfter(
      { ...contactFormPost(), name: "Quick Bot", message: "See www.fast.example" },
      800,
    );
    await postJson(app, contactFormPath, { ...contactFormPost(), name: "No Page" });
    await postJson(app, contactFormPath, {
      ...contactFormPost(),
      name: "Forger",
      [formTokenFieldName]: "v1.abc.forged",
    });
    const rows = await stored();
    expect(rows.map((row) => [row.name, row.status, Number(row.spam_score)])).toEqual([
      ["Quick Bot", "spam", 5],
      ["No Page", "new", 2],
      ["Forger", "new", 3],
    ]);
    const quick = await open(String(rows[0]?.id));
    expect(quick.spam.reasons.map((reason) => reason.code)).toEqual(["too-fast", "links"]);
  });

  it("takes the team's blocklist of domains and words", async () => {
    await postAfter({ ...contactFormPost(), email: "joe@blocked.example" }, 30_000);
    await postAfter({ ...contactFormPost(), message: "Join our Crypto Giveaway today" }, 30_000);
    const rows = await stored();
    expect(rows.map((row) => row.status)).toEqual(["spam", "spam"]);
    const reasons = await Promise.all(rows.map(async (row) => (await open(row.id)).spam.reasons));
    expect(reasons.map((list) => list.find((r) => r.code === "blocklist")?.detail)).toEqual([
      "@blocked.example",
      "crypto giveaway",
    ]);
  });

  it('delivers a message marked "not spam" once, and trusts its sender afterwards', async ({
    smtp,
  }) => {
    const sender = { ...pitch, name: "Dana Ortiz", email: "dana@fairs.example" };
    await postAfter(sender, 30_000);
    const [first] = await stored();
    expect(first?.status).toBe("spam");
    for (let press = 0; press < 2; press++) {
      const answer = await adminRequest(app, {
        method: "POST",
        url: adminApiPaths.messageAction(String(first?.id), "not-spam"),
        session,
      });
      expect(answer.statusCode).toBe(200);
    }
    await waitFor("the e-mail", () => smtp.received.length === 1);
    await postAfter({ ...sender, message: `${sender.message} Again!` }, 30_000);
    const [, second] = await stored();
    expect(second?.status).toBe("new");
    expect((await open(String(second?.id))).spam.reasons).toEqual([
      { code: "trusted-sender", points: 0 },
    ]);
    await waitFor("the second e-mail", () => smtp.received.length === 2);
  });
});
