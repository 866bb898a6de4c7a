// The team's e-mails (invitations, password resets) as an outbox the mail worker serves beside the contact mails
// (ADR 5): queued when an owner sends a link, claimed under a lease by one conditional UPDATE (a few rows at most),
// marked with the mail outbox's lease columns. The link is erased once the mail is sent or given up.
import type { AppDatabase, Executor } from "../database.ts";
import type { MailFailure } from "./mail-outbox.ts";
import {
  claimedAttempt,
  hasConnectionFailures,
  type LeaseEnd,
  leaseEndColumns,
  leaseStartColumns,
  nextDueAt,
  releaseAllLeases,
  releaseConnectionFailures,
} from "./outbox-leases.ts";

export interface TeamMail {
  id: string;
  /** A link's mail, or the notice that wrong codes locked the person's two-step sign-in (the console's link). */
  purpose: "invitation" | "reset" | "two-step-locked";
  to: string;
  link: string;
  /** Who sent the link, as the mail names them. */
  senderName: string;
}

export interface TeamMailRepository {
  /** Queues a link's mail (an earlier mail of the same link that is still pending goes). */
  enqueue(mail: TeamMail & { linkId: string }, at: number): Promise<void>;
  /** Cancels the pending mails of these links (revoked, replaced or used). */
  cancel(linkIds: readonly string[], trx?: Executor): Promise<void>;
  claim(
    owner: string,
    at: number,
    limit: number,
    leaseMs: number,
  ): Promise<{ messageId: string; attempts: number; enqueuedAt: number }[]>;
  load(ids: readonly string[]): Promise<TeamMail[]>;
  markSent(id: string, owner: string, at: number): Promise<boolean>;
  markRetry(id: string, owner: string, retryAt: number, failure: MailFailure): Promise<boolean>;
  markFailed(id: string, owner: string, at: number, failure: MailFailure): Promise<boolean>;
  releaseLease(id: string, owner: string, at: number): Promise<boolean>;
  releaseAllLeases(at: number): Promise<number>;
  releaseConnectionFailures(at: number): Promise<number>;
  hasConnectionFailures(): Promise<boolean>;
  nextDueAt(): Promise<number | null>;
  /** Deletes the mails queued before `before` (their links have expired); the number deleted. */
  deleteOlderThan(before: number): Promise<number>;
}

const iso = (at: number) => new Date(at).toISOString();

export function teamMailRepository(database: AppDatabase): TeamMailRepository {
  const { db } = database;

  const finish = async (id: string, owner: string, end: LeaseEnd): Promise<boolean> => {
    const done = end.outcome === "sent" || end.outcome === "failed";
    const result = await db
      .updateTable("team_mail")
      .set({ ...leaseEndColumns(end), ...(done ? { link: null } : {}) })
      .where("id", "=", id)
      .where("lease_owner", "=", owner)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  };

  const cancel = async (linkIds: readonly string[], trx: Executor = db) => {
    if (linkIds.length === 0) return;
    await trx
      .deleteFrom("team_mail")
      .where("link_id", "in", linkIds)
      .where("status", "=", "pending")
      .execute();
  };

  return {
    async enqueue(mail, at) {
      await cancel([mail.linkId]);
      await db
        .insertInto("team_mail")
        .values({
          id: mail.id,
          link_id: mail.linkId,
          purpose: mail.purpose,
          to_address: mail.to,
          link: mail.link,
          sender_name: mail.senderName,
          status: "pending",
          created_at: iso(at),
          attempts: 0,
          next_attempt_at: at,
        })
        .execute();
    },

    cancel,

    async claim(owner, at, limit, leaseMs) {
      // One conditional UPDATE (as the weekly report's claim): on PostgreSQL a worker claiming at the same moment
      // waits for the row lock, then sees the row leased and skips it.
      const rows = await db
        .updateTable("team_mail")
        .set(leaseStartColumns(owner, at, leaseMs))
        .where("id", "in", (eb) =>
          eb
            .selectFrom("team_mail")
            .select("id")
            .where("status", "=", "pending")
            .where("next_attempt_at", "<=", at)
            .limit(limit),
        )
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", at)
        .returning(["id", "attempts", "created_at"])
        .execute();
      return rows.map((row) => ({ messageId: row.id, ...claimedAttempt(row) }));
    },

    async load(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("team_mail")
        .select(["id", "purpose", "to_address", "link", "sender_name"])
        .where("id", "in", ids)
        .where("link", "is not", null)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        purpose: row.purpose,
        to: row.to_address,
        link: row.link ?? "",
        senderName: row.sender_name,
      }));
    },

    markSent: (id, owner, at) => finish(id, owner, { outcome: "sent", at }),
    markRetry: (id, owner, retryAt, failure) =>
      finish(id, owner, { outcome: "retry", retryAt, failure }),
    markFailed: (id, owner, at, failure) => finish(id, owner, { outcome: "failed", at, failure }),
    releaseLease: (id, owner, at) => finish(id, owner, { outcome: "released", at }),

    releaseAllLeases: (at) => releaseAllLeases(db, "team_mail", at),
    releaseConnectionFailures: (at) => releaseConnectionFailures(db, "team_mail", at),
    hasConnectionFailures: () => hasConnectionFailures(db, "team_mail"),

    nextDueAt() {
      return nextDueAt(db, "team_mail");
    },

    async deleteOlderThan(before) {
      const result = await db
        .deleteFrom("team_mail")
        .where("created_at", "<", iso(before))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
