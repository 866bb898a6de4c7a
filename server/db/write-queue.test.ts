import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearTables, dialects, openTestDatabase, type TestDatabase } from "../test/databases.ts";
import type { SubmitContactArgs, VisitRow } from "./write-ops.ts";
import { type Committer, WriteQueue, WriteQueueClosedError } from "./write-queue.ts";

const visit = (sessionId = randomUUID()): VisitRow => ({
  session_id: sessionId,
  created_at: new Date().toISOString(),
  referrer_url: null,
  referrer_host: null,
  source: "direct",
  landing_path: "/",
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  user_agent: "test",
  is_bot: false,
});

const submission = (
  payloadHash: string,
  overrides: Partial<SubmitContactArgs["row"]> = {},
): SubmitContactArgs => ({
  row: {
    id: randomUUID(),
    created_at: new Date().toISOString(),
    name: "Ada",
    email: "ada@example.com",
    phone: null,
    business_name: null,
    website: null,
    message: `About ${payloadHash}`,
    session_id: null,
    client_hash: "hash",
    user_agent: null,
    status: "new",
    ...overrides,
  },
  payload_hash: payloadHash,
  at: Date.now(),
  window_ms: 60_000,
  queue_mail: true,
});

describe.each(dialects)("write queue (group commit) on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.dispose();
  });
  beforeEach(async () => {
    await clearTables(test.database);
  });

  /** Reads through a separate connection: sees only what is committed. */
  async function committedSessions(): Promise<string[]> {
    if (dialect === "sqlite") {
      const other = new DatabaseSync(test.database.location, { readOnly: true });
      try {
        return other
          .prepare("select session_id from referrer_visits")
          .all()
          .map((row) => String(row.session_id));
      } finally {
        other.close();
      }
    }
    const client = new pg.Client({ connectionString: test.config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ session_id: string }>(
        "select session_id from referrer_visits",
      );
      return rows.map((row) => row.session_id);
    } finally {
      await client.end();
    }
  }

  it("commits concurrent writes in few transactions, each committed when its promise resolves", async () => {
    const { writes } = test.database;
    const before = { ...writes.stats };
    const ids = Array.from({ length: 200 }, () => randomUUID());
    const seenAtResolve: boolean[] = [];
    await Promise.all(
      ids.map((id, index) =>
        writes.run("recordVisit", visit(id)).then(async (result) => {
          expect(result).toEqual({ recorded: true });
          if (index % 50 === 0) seenAtResolve.push((await committedSessions()).includes(id));
        }),
      ),
    );
    expect(seenAtResolve).toEqual([true, true, true, true]);
    expect(await committedSessions()).toHaveLength(200);
    expect(writes.stats.writes - before.writes).toBe(200);
    expect(writes.stats.batches - before.batches).toBeLessThan(20);
    expect(writes.stats.largestBatch).toBeGreaterThan(10);
  });

  it("fails only the bad write of a batch; the others are committed", async () => {
    const { writes } = test.database;
    const good = [randomUUID(), randomUUID()];
    const results = await Promise.allSettled([
      writes.run("recordVisit", visit(good[0])),
      // landing_path is NOT NULL: this insert fails.
      writes.run("recordVisit", { ...visit(), landing_path: null as unknown as string }),
      writes.run("recordVisit", visit(good[1])),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const failure = results[1] as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(Error);
    expect((await committedSessions()).sort()).toEqual([...good].sort());
  });

  it("returns each write's own result", async () => {
    const id = randomUUID();
    const results = await Promise.all([
      test.database.writes.run("recordVisit", visit(id)),
      test.database.writes.run("recordVisit", visit(id)),
      test.database.writes.run("daySalt", { day: "2026-05-01", candidate: "first" }),
      test.database.writes.run("daySalt", { day: "2026-05-01", candidate: "second" }),
    ]);
    expect(results).toEqual([{ recorded: true }, { recorded: false }, "first", "first"]);
  });

  it("in a batch of visits only, records a session given twice once: its first visit", async () => {
    const { writes, db } = test.database;
    const twice = randomUUID();
    const first = { ...visit(twice), landing_path: "/first" };
    const second = { ...visit(twice), landing_path: "/second" };
    const other = visit();
    const results = await Promise.all([
      writes.run("recordVisit", first),
      writes.run("recordVisit", other),
      writes.run("recordVisit", second),
    ]);
    expect(results).toEqual([{ recorded: true }, { recorded: true }, { recorded: false }]);
    const stored = await db
      .selectFrom("referrer_visits")
      .select(["session_id", "landing_path"])
      .orderBy("landing_path")
      .execute();
    // other's landing path is "/", before "/first".
    expect(stored).toEqual([
      { session_id: other.session_id, landing_path: "/" },
      { session_id: twice, landing_path: "/first" },
    ]);
  });

  it("stores many visits of one batch as they were given, and tells a stored session from a new one", async () => {
    const { writes, db } = test.database;
    const earlier = randomUUID();
    await writes.run("recordVisit", visit(earlier));
    const detailed: VisitRow = {
      ...visit(),
      referrer_url: "https://www.google.com/search?q=booths",
      referrer_host: "www.google.com",
      source: "search",
      landing_path: "/event-types/flea-markets",
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring",
      utm_term: "flea market software",
      utm_content: "ad-2",
      user_agent: "Googlebot/2.1",
      is_bot: true,
    };
    const others = Array.from({ length: 30 }, () => visit());
    const results = await Promise.all([
      writes.run("recordVisit", visit(earlier)),
      writes.run("recordVisit", detailed),
      ...others.map((row) => writes.run("recordVisit", row)),
    ]);
    expect(results[0]).toEqual({ recorded: false });
    expect(results.slice(1)).toEqual(Array(31).fill({ recorded: true }));
    expect(await committedSessions()).toHaveLength(32);
    const stored = await db
      .selectFrom("referrer_visits")
      .selectAll()
      .where("session_id", "=", detailed.session_id)
      .executeTakeFirstOrThrow();
    // Each driver's own types: PostgreSQL gives a Date and a boolean, SQLite the ISO text and 0/1.
    expect({
      ...stored,
      created_at: new Date(stored.created_at).toISOString(),
      is_bot: Boolean(stored.is_bot),
    }).toEqual(detailed);
  });
});

describe.each(dialects)("contact messages in one batch on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("stores each payload once, keeps claims inside their window, and queues mail only for real messages", async () => {
    const { writes, db } = test.database;
    await writes.run("submitContact", submission("claimed-earlier"));
    const batch = [
      submission("claimed-earlier"),
      submission("twice"),
      submission("twice"),
      submission("fresh"),
      submission("spam", { status: "spam" }),
      { ...submission("no-mail"), queue_mail: false },
    ];
    const results = await Promise.all(batch.map((args) => writes.run("submitContact", args)));
    expect(results).toEqual([
      { stored: false },
      { stored: true },
      { stored: false },
      { stored: true },
      { stored: true },
      { stored: true },
    ]);
    const messages = await db.selectFrom("contact_messages").select(["id", "message"]).execute();
    expect(messages.map((row) => row.message).sort()).toEqual(
      ["About claimed-earlier", "About fresh", "About no-mail", "About spam", "About twice"].sort(),
    );
    expect(messages.find((row) => row.id === batch[1]?.row.id)).toBeDefined();
    const outbox = await db.selectFrom("mail_outbox").select("message_id").execute();
    const mailed = new Set(outbox.map((row) => row.message_id));
    expect(mailed.has(batch[1]?.row.id as string)).toBe(true);
    expect(mailed.has(batch[3]?.row.id as string)).toBe(true);
    expect(mailed.has(batch[4]?.row.id as string)).toBe(false);
    expect(mailed.has(batch[5]?.row.id as string)).toBe(false);
    expect(outbox).toHaveLength(3);
  });

  it("stores a payload again once its claim is older than the window", async () => {
    const { writes } = test.database;
    const old = { ...submission("expired"), at: Date.now() - 120_000 };
    expect(await writes.run("submitContact", old)).toEqual({ stored: true });
    const results = await Promise.all([
      writes.run("submitContact", submission("expired")),
      writes.run("submitContact", submission("other")),
    ]);
    expect(results).toEqual([{ stored: true }, { stored: true }]);
  });
});

describe.each(dialects)("write queue closing on %s", (dialect) => {
  it("commits what it accepted, then refuses new writes", async () => {
    const test = await openTestDatabase(dialect);
    try {
      const { writes, db } = test.database;
      const accepted = Array.from({ length: 20 }, () => writes.run("recordVisit", visit()));
      const closed = writes.close();
      await expect(writes.run("recordVisit", visit())).rejects.toBeInstanceOf(
        WriteQueueClosedError,
      );
      await Promise.all(accepted);
      await closed;
      const rows = await db.selectFrom("referrer_visits").select("session_id").execute();
      expect(rows).toHaveLength(20);
    } finally {
      await test.dispose();
    }
  });
});

describe("write queue statistics", () => {
  it("counts batches and writes, and times each batch from hand-off to its outcomes", async () => {
    const commitMs = 25;
    const slowCommitter: Committer = {
      commit: async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, commitMs));
        return batch.map(() => ({ ok: true, value: { recorded: true } }));
      },
      close: async () => {},
    };
    const writes = new WriteQueue(slowCommitter, { concurrency: 1 });
    await Promise.all(Array.from({ length: 5 }, () => writes.run("recordVisit", visit())));
    await writes.run("recordVisit", visit());
    const stats = writes.stats;
    expect(stats).toMatchObject({ batches: 2, writes: 6, largestBatch: 5 });
    // Timers may fire up to a millisecond early against performance.now().
    expect(stats.commitP50Ms).toBeGreaterThanOrEqual(commitMs - 1);
    expect(stats.commitP99Ms).toBeGreaterThanOrEqual(stats.commitP50Ms);
    expect(stats.commitMaxMs).toBeGreaterThanOrEqual(stats.commitP99Ms);
    expect(stats.commitMaxMs).toBeLessThan(commitMs * 20);
    await writes.close();
  });
});
