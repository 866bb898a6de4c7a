// Every write that answers a request, as a named operation on a transaction with plain (cloneable) arguments.
// The write queue runs them in the server's thread (PostgreSQL) or in the SQLite writer thread; either way the
// same code runs, inside the batch's transaction (a PostgreSQL batch that is one statement runs as that statement
// alone: see singleStatementWriteOps).
import { type Kysely, sql, type Transaction, type UpdateObject } from "kysely";
import { compileOnce, compileRowsOnce } from "./compile-once.ts";
import type { ContactMessageStatus, ReferrerSource, Schema } from "./schema.ts";

export interface WriteContext {
  trx: Transaction<Schema>;
  /** The dialect's name: compiled queries are kept per dialect. */
  dialect: string;
}

export interface VisitRow {
  session_id: string;
  created_at: string;
  referrer_url: string | null;
  referrer_host: string | null;
  source: ReferrerSource;
  landing_path: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  user_agent: string;
  is_bot: boolean;
}

export interface MessageRow {
  id: string;
  created_at: string;
  name: string;
  email: string;
  phone: string | null;
  business_name: string | null;
  website: string | null;
  message: string;
  session_id: string | null;
  client_hash: string;
  user_agent: string | null;
  status: ContactMessageStatus;
}

export interface SubmitContactArgs {
  row: MessageRow;
  /** Identifies the payload: the same one within the window is stored once. */
  payload_hash: string;
  /** Now, in milliseconds. */
  at: number;
  window_ms: number;
  /** Mail delivery is on: a stored message that is not spam gets its outbox row in this transaction (ADR 5). */
  queue_mail: boolean;
}

export interface ClaimMailArgs {
  owner: string;
  /** Now, in milliseconds: rows due at or before it are claimed. */
  at: number;
  limit: number;
  lease_ms: number;
}

export interface ClaimedMailRow {
  message_id: string;
  attempts: number;
  created_at: string;
}

export interface FinishMailArgs {
  message_id: string;
  /** The mark applies only while this owner holds the lease. */
  owner: string;
  values: UpdateObject<Schema, "mail_outbox">;
}

const visitColumns: readonly (keyof VisitRow)[] = [
  "session_id",
  "created_at",
  "referrer_url",
  "referrer_host",
  "source",
  "landing_path",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "user_agent",
  "is_bot",
];

const insertVisit = compileOnce<VisitRow>(visitColumns, (trx, row) =>
  trx
    .insertInto("referrer_visits")
    .values(row)
    .onConflict((conflict) => conflict.column("session_id").doNothing()),
);

/** Many visits in one statement; RETURNING names the sessions that were not stored before. */
const insertVisits = compileRowsOnce<VisitRow>(visitColumns, (trx, rows) =>
  trx
    .insertInto("referrer_visits")
    .values(rows)
    .onConflict((conflict) => conflict.column("session_id").doNothing())
    .returning("session_id"),
);

interface Claim {
  payload_hash: string;
  stored_at: number;
  /** Claims stored at or before this moment have expired. */
  expired_at: number;
}

/** Claims a payload for the window: succeeds (returns a row) unless it was claimed within the window. */
const claimPayload = compileOnce<Claim>(["payload_hash", "stored_at", "expired_at"], (trx, args) =>
  trx
    .insertInto("contact_submission_guard")
    .values({ payload_hash: args.payload_hash, stored_at: args.stored_at })
    .onConflict((conflict) =>
      conflict
        .column("payload_hash")
        .doUpdateSet({ stored_at: args.stored_at })
        .where("contact_submission_guard.stored_at", "<=", args.expired_at),
    ),
);

const insertMessage = compileOnce<MessageRow>(
  [
    "id",
    "created_at",
    "name",
    "email",
    "phone",
    "business_name",
    "website",
    "message",
    "session_id",
    "client_hash",
    "user_agent",
    "status",
  ],
  (trx, row) => trx.insertInto("contact_messages").values(row),
);

interface OutboxRow {
  message_id: string;
  status: "pending";
  created_at: string;
  attempts: number;
  next_attempt_at: number;
}

const insertOutboxRow = compileOnce<OutboxRow>(
  ["message_id", "status", "created_at", "attempts", "next_attempt_at"],
  (trx, row) => trx.insertInto("mail_outbox").values(row),
);

export interface SetAdminAccountArgs {
  /** The account's id: the existing one's, or a new one when there is none. */
  id: string;
  /** Lower case. */
  email: string;
  password_hash: string;
  /** Now, ISO-8601. */
  at: string;
}

export interface CreateAdminSessionArgs {
  token_hash: string;
  user_id: string;
  /** Now, in milliseconds. */
  at: number;
  /** Sessions idle this long, or this old, have ended: they are deleted on the way. */
  idle_ms: number;
  max_age_ms: number;
}

/** Expired claims are deleted at most once per window (per thread). */
let lastPrune = 0;

export const writeOps = {
  /** Stores a session's visit unless the session is already stored. */
  async recordVisit(context: WriteContext, row: VisitRow): Promise<{ recorded: boolean }> {
    const result = await insertVisit.execute(context.trx, context.dialect, row);
    // The affected-row count, not RETURNING: on SQLite a RETURNING row costs a result object per insert.
    return { recorded: (result.numAffectedRows ?? 0n) > 0n };
  },

  /** Stores a contact message unless the same payload was stored within the window. */
  async submitContact(
    context: WriteContext,
    args: SubmitContactArgs,
  ): Promise<{ stored: boolean }> {
    const { trx, dialect } = context;
    if (args.at - lastPrune >= args.window_ms) {
      lastPrune = args.at;
      await trx
        .deleteFrom("contact_submission_guard")
        .where("stored_at", "<=", args.at - args.window_ms)
        .execute();
    }
    const claimed = await claimPayload.execute(trx, dialect, {
      payload_hash: args.payload_hash,
      stored_at: args.at,
      expired_at: args.at - args.window_ms,
    });
    if ((claimed.numAffectedRows ?? 0n) === 0n) return { stored: false };
    await insertMessage.execute(trx, dialect, args.row);
    if (args.queue_mail && args.row.status === "new") {
      await insertOutboxRow.execute(trx, dialect, {
        message_id: args.row.id,
        status: "pending",
        created_at: args.row.created_at,
        attempts: 0,
        next_attempt_at: args.at,
      });
    }
    return { stored: true };
  },

  /** Leases up to `limit` due outbox rows to `owner`, counting an attempt on each. */
  async claimMail(context: WriteContext, args: ClaimMailArgs): Promise<ClaimedMailRow[]> {
    const { trx, dialect } = context;
    let due = trx
      .selectFrom("mail_outbox")
      .select("message_id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", args.at)
      .orderBy("next_attempt_at")
      .limit(args.limit);
    // Rows another instance is claiming right now are skipped, not waited for. The due rows are selected
    // first and updated by id in a second statement: as one UPDATE ... WHERE id IN (SELECT ... LIMIT n
    // FOR UPDATE SKIP LOCKED), PostgreSQL may run the subquery again for each row and claim them all.
    if (dialect === "postgres") due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.message_id);
    if (ids.length === 0) return [];
    const rows = await trx
      .updateTable("mail_outbox")
      .set((eb) => ({
        lease_owner: args.owner,
        next_attempt_at: args.at + args.lease_ms,
        attempts: eb("attempts", "+", 1),
        last_attempt_at: new Date(args.at).toISOString(),
      }))
      .where("message_id", "in", ids)
      .returning(["message_id", "attempts", "created_at"])
      .execute();
    return rows.map((row) => ({
      message_id: row.message_id,
      attempts: Number(row.attempts),
      created_at: new Date(row.created_at).toISOString(),
    }));
  },

  /** Updates a pending outbox row the owner still leases; false when the lease was lost. */
  async finishMail(context: WriteContext, args: FinishMailArgs): Promise<boolean> {
    const result = await context.trx
      .updateTable("mail_outbox")
      .set(args.values)
      .where("message_id", "=", args.message_id)
      .where("lease_owner", "=", args.owner)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Every lease ends now (the single worker of a SQLite database, at its start). */
  async releaseAllMailLeases(context: WriteContext, args: { at: number }): Promise<number> {
    const result = await context.trx
      .updateTable("mail_outbox")
      .set({ lease_owner: null, next_attempt_at: args.at })
      .where("status", "=", "pending")
      .where("lease_owner", "is not", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Rows waiting because the SMTP server was unreachable become due now (it answers again). */
  async releaseMailConnectionFailures(
    context: WriteContext,
    args: { at: number },
  ): Promise<number> {
    const result = await context.trx
      .updateTable("mail_outbox")
      .set({ next_attempt_at: args.at })
      .where("status", "=", "pending")
      .where("lease_owner", "is", null)
      .where("last_error_kind", "=", "connection")
      .where("next_attempt_at", ">", args.at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Makes the given account the one admin account (any other goes) with these credentials. Its sessions end:
   * this runs only when the address or the password changed.
   */
  async setAdminAccount(
    context: WriteContext,
    args: SetAdminAccountArgs,
  ): Promise<{ created: boolean }> {
    const { trx } = context;
    await trx.deleteFrom("admin_sessions").execute();
    await trx.deleteFrom("admin_users").where("id", "!=", args.id).execute();
    const updated = await trx
      .updateTable("admin_users")
      .set({ email: args.email, password_hash: args.password_hash, updated_at: args.at })
      .where("id", "=", args.id)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) return { created: false };
    await trx
      .insertInto("admin_users")
      .values({
        id: args.id,
        email: args.email,
        password_hash: args.password_hash,
        created_at: args.at,
        updated_at: args.at,
      })
      .execute();
    return { created: true };
  },

  /** No admin account is configured: every account and session goes. */
  async removeAdminAccounts(context: WriteContext, _args: Record<string, never>): Promise<number> {
    await context.trx.deleteFrom("admin_sessions").execute();
    const result = await context.trx.deleteFrom("admin_users").executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Stores a new session (by its token's hash); sessions that have ended are deleted on the way. */
  async createAdminSession(context: WriteContext, args: CreateAdminSessionArgs): Promise<void> {
    const { trx } = context;
    await trx
      .deleteFrom("admin_sessions")
      .where((eb) =>
        eb.or([
          eb("last_seen_at", "<=", args.at - args.idle_ms),
          eb("created_at", "<=", args.at - args.max_age_ms),
        ]),
      )
      .execute();
    await trx
      .insertInto("admin_sessions")
      .values({
        token_hash: args.token_hash,
        user_id: args.user_id,
        created_at: args.at,
        last_seen_at: args.at,
      })
      .execute();
  },

  /** The session was used at `at`. */
  async touchAdminSession(
    context: WriteContext,
    args: { token_hash: string; at: number },
  ): Promise<void> {
    await context.trx
      .updateTable("admin_sessions")
      .set({ last_seen_at: args.at })
      .where("token_hash", "=", args.token_hash)
      .execute();
  },

  /** Ends a session (sign-out, or found expired); false when there was none. */
  async endAdminSession(context: WriteContext, args: { token_hash: string }): Promise<boolean> {
    const result = await context.trx
      .deleteFrom("admin_sessions")
      .where("token_hash", "=", args.token_hash)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /**
   * A failed e-mail is tried again: its outbox row is pending and due at `at`, with the attempts and the four
   * days before giving up counted afresh (else the first new failure would mark it failed at once). Only a
   * failed row changes; false otherwise.
   */
  async retryFailedMail(
    context: WriteContext,
    args: { message_id: string; at: number },
  ): Promise<boolean> {
    const result = await context.trx
      .updateTable("mail_outbox")
      .set({
        status: "pending",
        next_attempt_at: args.at,
        created_at: new Date(args.at).toISOString(),
        attempts: 0,
        lease_owner: null,
        failed_at: null,
      })
      .where("message_id", "=", args.message_id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** The salt of a day (the candidate, unless another instance stored one first); older salts are deleted. */
  async daySalt(context: WriteContext, args: { day: string; candidate: string }): Promise<string> {
    const { trx } = context;
    await trx
      .insertInto("address_salts")
      .values({ day: args.day, salt: args.candidate })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    await trx.deleteFrom("address_salts").where("day", "<", args.day).execute();
    const row = await trx
      .selectFrom("address_salts")
      .select("salt")
      .where("day", "=", args.day)
      .executeTakeFirstOrThrow();
    return row.salt;
  },
};

export type WriteOps = typeof writeOps;
export type WriteOpName = keyof WriteOps;
export type WriteOpArgs<Name extends WriteOpName> = Parameters<WriteOps[Name]>[1];
export type WriteOpResult<Name extends WriteOpName> = Awaited<ReturnType<WriteOps[Name]>>;

/** Rows per multi-row statement: at 13 values a row at most, far below PostgreSQL's 65,535 parameters. */
const rowsPerStatement = 500;

/** The batched form's fallback: each write on its own, in order, in the batch's transaction. */
async function oneByOne<Name extends WriteOpName>(
  name: Name,
  context: WriteContext,
  argsList: WriteOpArgs<Name>[],
): Promise<WriteOpResult<Name>[]> {
  const op = writeOps[name] as (
    context: WriteContext,
    args: WriteOpArgs<Name>,
  ) => Promise<WriteOpResult<Name>>;
  const results: WriteOpResult<Name>[] = [];
  for (const args of argsList) results.push(await op(context, args));
  return results;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += rowsPerStatement) {
    out.push(items.slice(start, start + rowsPerStatement));
  }
  return out;
}

/** Stores visits with one INSERT per rowsPerStatement rows, and tells each caller whether its visit was new. */
async function insertVisitRows(
  executor: Kysely<Schema>,
  dialect: string,
  rows: readonly VisitRow[],
): Promise<{ recorded: boolean }[]> {
  const stored = new Set<string>();
  for (const chunk of chunks(rows)) {
    const inserted = await insertVisits.execute<{ session_id: string }>(executor, dialect, chunk);
    for (const { session_id } of inserted.rows) stored.add(session_id);
  }
  // A session twice in the batch: its first visit is the one stored.
  return rows.map((row) => ({ recorded: stored.delete(row.session_id) }));
}

/**
 * Writes that, when a PostgreSQL batch holds several of them, run as one statement with the same results as
 * one by one. They must not depend on the batch's other writes: the transaction runs them before the others.
 */
export const batchedWriteOps: {
  [Name in WriteOpName]?: (
    context: WriteContext,
    args: WriteOpArgs<Name>[],
  ) => Promise<WriteOpResult<Name>[]>;
} = {
  /** Many sessions' visits in one INSERT: one round trip for the batch instead of one per visit. */
  recordVisit: (context, rows) => insertVisitRows(context.trx, context.dialect, rows),

  /**
   * A batch's contact messages as three statements (claims, messages, outbox rows) instead of three per
   * message. The same payload twice in the batch: the first is stored, as one by one.
   */
  async submitContact(context, submissions) {
    const windowMs = submissions[0]?.window_ms ?? 0;
    // The claims' upsert holds one window for all of them.
    if (submissions.some((submission) => submission.window_ms !== windowMs)) {
      return oneByOne("submitContact", context, submissions);
    }
    const { trx } = context;
    const earliest = Math.min(...submissions.map((submission) => submission.at));
    if (earliest - lastPrune >= windowMs) {
      lastPrune = earliest;
      await trx
        .deleteFrom("contact_submission_guard")
        .where("stored_at", "<=", earliest - windowMs)
        .execute();
    }
    const firstOfPayload = new Map<string, number>();
    submissions.forEach((submission, index) => {
      if (!firstOfPayload.has(submission.payload_hash)) {
        firstOfPayload.set(submission.payload_hash, index);
      }
    });
    const candidates = [...firstOfPayload.values()].map((index) => submissions[index]!);
    const claimed = new Set<string>();
    for (const chunk of chunks(candidates)) {
      const rows = await trx
        .insertInto("contact_submission_guard")
        .values(
          chunk.map((submission) => ({
            payload_hash: submission.payload_hash,
            stored_at: submission.at,
          })),
        )
        .onConflict((conflict) =>
          conflict
            .column("payload_hash")
            .doUpdateSet((eb) => ({ stored_at: eb.ref("excluded.stored_at") }))
            // A claim still inside its window holds: that payload was stored less than a window ago.
            .where(
              "contact_submission_guard.stored_at",
              "<=",
              sql<number>`excluded.stored_at - ${windowMs}`,
            ),
        )
        .returning("payload_hash")
        .execute();
      for (const { payload_hash } of rows) claimed.add(payload_hash);
    }
    const stored = candidates.filter((submission) => claimed.has(submission.payload_hash));
    for (const chunk of chunks(stored)) {
      await trx
        .insertInto("contact_messages")
        .values(chunk.map((submission) => submission.row))
        .execute();
    }
    const mailed = stored.filter(
      (submission) => submission.queue_mail && submission.row.status === "new",
    );
    for (const chunk of chunks(mailed)) {
      await trx
        .insertInto("mail_outbox")
        .values(
          chunk.map((submission) => ({
            message_id: submission.row.id,
            status: "pending" as const,
            created_at: submission.row.created_at,
            attempts: 0,
            next_attempt_at: submission.at,
          })),
        )
        .execute();
    }
    return submissions.map((submission, index) => ({
      stored:
        firstOfPayload.get(submission.payload_hash) === index &&
        claimed.has(submission.payload_hash),
    }));
  },
};

/**
 * Writes whose batch, up to `maxRows` of them, is one statement. On PostgreSQL a batch made only of one of them
 * runs without BEGIN and COMMIT: a single statement is atomic and committed on its own, so the batch costs one
 * round trip instead of three. The statement runs on the pool, not in a transaction.
 */
export const singleStatementWriteOps: {
  [Name in WriteOpName]?: {
    maxRows: number;
    run: (
      executor: Kysely<Schema>,
      dialect: string,
      args: WriteOpArgs<Name>[],
    ) => Promise<WriteOpResult<Name>[]>;
  };
} = {
  recordVisit: { maxRows: rowsPerStatement, run: insertVisitRows },
};
